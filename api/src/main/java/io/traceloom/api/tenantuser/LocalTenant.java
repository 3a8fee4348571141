package io.traceloom.api.tenantuser;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.messaging.Writes;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.kernel.tenantuser.RegisterTenant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * In the {@code local} mode the local tenant exists from the start: it is registered (once, recorded like any
 * registration) before the service reports ready. Its id is its own, not one named after it. A process that
 * serves no API (the {@code projections} role) leaves it to the API processes.
 */
@Component
public class LocalTenant implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(LocalTenant.class);

    static final String NAME = "Local tenant";

    private final CurrentCaller callers;
    private final Writes writes;
    private final boolean servesApi;

    public LocalTenant(CurrentCaller callers, Writes writes, ApiProperties properties) {
        this.callers = callers;
        this.writes = writes;
        this.servesApi = properties.role().servesApi();
    }

    @Override
    public void run(ApplicationArguments arguments) {
        if (!servesApi || !callers.localMode()) {
            return;
        }
        Caller local = callers.local();
        RegisterTenant register = new RegisterTenant(local.tenantId(), local.tenantId(), NAME);
        try {
            writes.record(register);
        } catch (RuntimeException raced) {
            // API replicas starting together each register it; the one that loses the race finds it registered
            log.info("Registering the local tenant failed ({}); trying once more", raced.toString());
            writes.record(register);
        }
    }
}
