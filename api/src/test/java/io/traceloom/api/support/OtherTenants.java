package io.traceloom.api.support;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
import io.traceloom.api.settings.ApiProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Test only: a request with {@value #HEADER} acts for that tenant instead of the local one. The
 * {@code local} mode knows one tenant; this lets one running application serve two, so that a test can
 * try one tenant's ids as another. Not a {@code @Configuration}: it is added explicitly through
 * {@link RunningTraceloom#start(java.nio.file.Path, java.util.List, String...)}, never found by scanning,
 * and it is not on the production class path at all.
 */
public class OtherTenants {

    public static final String HEADER = "X-Test-Tenant-Id";

    @Bean
    @Primary
    public CurrentCaller callerFromTestHeader(ApiProperties properties) {
        return new CurrentCaller(properties) {
            @Override
            public Caller get() {
                Caller local = super.get();
                String tenant = RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes request
                        ? request.getRequest().getHeader(HEADER) : null;
                return tenant == null ? local : new Caller(tenant, local.userId(), local.name(), local.email());
            }
        };
    }

    /** The headers that make a request act for {@code tenantId}, followed by {@code more}. */
    public static String[] actingFor(String tenantId, String... more) {
        String[] headers = new String[more.length + 2];
        headers[0] = HEADER;
        headers[1] = tenantId;
        System.arraycopy(more, 0, headers, 2, more.length);
        return headers;
    }
}
