package io.traceloom.query.tenantuser;

import io.traceloom.kernel.tenantuser.TenantUserIds;
import io.traceloom.query.history.ResourceHistory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A user is an aggregate named after its tenant and its id, and so is its document: its history is each
 * registration (a deleted user may register anew), each refresh of its name or e-mail address, each deletion.
 */
@Configuration(proxyBeanMethods = false)
public class TenantUserHistory {

    public static final ResourceHistory<TenantUserDocument> TENANT_USERS = ResourceHistory
            .of("tenant-users", TenantUserProjection.class, TenantUserDocument.class)
            .heldBy(TenantUserIds::user)
            .keyedBy(TenantUserIds::user);

    @Bean
    public ResourceHistory<TenantUserDocument> tenantUserResourceHistory() {
        return TENANT_USERS;
    }
}
