package io.traceloom.api;

import io.traceloom.api.audit.AuditVerifier;
import io.traceloom.command.credential.OfflineVerification;
import java.util.Arrays;
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

    /**
     * Starts the service; or, with {@code audit ...}, runs the offline verifier of an audit log ({@link AuditVerifier})
     * and exits, without starting anything.
     */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("audit")) {
            System.exit(AuditVerifier.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err,
                    OfflineVerification::verify));
        }
        SpringApplication.run(TraceloomApplication.class, args);
    }
}
