package io.traceloom.api.tenantuser;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.messaging.Writes;
import io.traceloom.kernel.tenantuser.RegisterTenant;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * In the {@code local} mode the local tenant exists from the start: it is registered (once, recorded like any
 * registration) before the service reports ready. Its id is its own, not one named after it.
 */
@Component
public class LocalTenant implements ApplicationRunner {

    static final String NAME = "Local tenant";

    private final CurrentCaller callers;
    private final Writes writes;

    public LocalTenant(CurrentCaller callers, Writes writes) {
        this.callers = callers;
        this.writes = writes;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        if (callers.localMode()) {
            Caller local = callers.local();
            writes.record(new RegisterTenant(local.tenantId(), local.tenantId(), NAME));
        }
    }
}
