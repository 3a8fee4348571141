package io.traceloom.api.caller;

import io.traceloom.api.config.ApiProperties;
import org.springframework.stereotype.Component;

/**
 * Resolves the caller of the current request. In the {@code local} mode (the embedded default) every
 * request acts as the one configured local tenant and user.
 */
@Component
public class CurrentCaller {

    private final Caller local;

    public CurrentCaller(ApiProperties properties) {
        ApiProperties.Local configured = properties.security().local();
        this.local = new Caller(configured.tenantId(), configured.userId(), configured.name(), configured.email());
    }

    public Caller get() {
        return local;
    }
}
