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
    }

    public static void main(String[] args) {
        SpringApplication.run(TraceloomApplication.class, args);
    }
}
