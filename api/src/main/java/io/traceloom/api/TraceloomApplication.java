package io.traceloom.api;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication(scanBasePackages = "io.traceloom")
@ConfigurationPropertiesScan
public class TraceloomApplication {

    static {
        // Axon's update checker phones home; this service never calls out. Set before any Axon class
        // reads it, for the jar as well as for tests that start this class.
        System.setProperty("axoniq.update-checker.disabled", "true");
        // Nor does it report to AxonIQ Console, whose module prints an advert at every start unless told not to.
        System.setProperty("disable-axoniq-console-message", "true");
    }

    public static void main(String[] args) {
        SpringApplication.run(TraceloomApplication.class, args);
    }
}
