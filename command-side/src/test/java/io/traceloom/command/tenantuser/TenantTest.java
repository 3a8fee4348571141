package io.traceloom.command.tenantuser;

import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tenantuser.DisableTenant;
import io.traceloom.kernel.tenantuser.EnableTenant;
import io.traceloom.kernel.tenantuser.RegisterTenant;
import io.traceloom.kernel.tenantuser.TenantDisabled;
import io.traceloom.kernel.tenantuser.TenantEnabled;
import io.traceloom.kernel.tenantuser.TenantRegistered;
import io.traceloom.kernel.tenantuser.TenantRenamed;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TenantTest {

    private static final String TENANT = "0d9f6a52-1111-5aaa-8bbb-000000000001";

    private AggregateTestFixture<Tenant> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(Tenant.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
    }

    @Test
    void anOperatorRegistersATenant() {
        fixture.givenNoPriorActivity()
                .when(new RegisterTenant(TENANT, "acme", "ACME Foods"))
                .expectResultMessagePayload(true)
                .expectEvents(new TenantRegistered(TENANT, "acme", "ACME Foods"));
    }

    @Test
    void registeringAgainRenamesOnlyWhenTheNameChanged() {
        fixture.given(new TenantRegistered(TENANT, "acme", "ACME Foods"))
                .when(new RegisterTenant(TENANT, "acme", "ACME Foods"))
                .expectResultMessagePayload(false)
                .expectNoEvents();
        fixture.given(new TenantRegistered(TENANT, "acme", "ACME Foods"))
                .when(new RegisterTenant(TENANT, "acme", "ACME Fine Foods"))
                .expectResultMessagePayload(false)
                .expectEvents(new TenantRenamed(TENANT, "ACME Fine Foods"));
    }

    @Test
    void aTenantIsDisabledAndEnabledOnce() {
        fixture.given(new TenantRegistered(TENANT, "acme", "ACME"))
                .when(new DisableTenant(TENANT))
                .expectEvents(new TenantDisabled(TENANT));
        fixture.given(new TenantRegistered(TENANT, "acme", "ACME"), new TenantDisabled(TENANT))
                .when(new DisableTenant(TENANT))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.given(new TenantRegistered(TENANT, "acme", "ACME"), new TenantDisabled(TENANT))
                .when(new EnableTenant(TENANT))
                .expectEvents(new TenantEnabled(TENANT));
        fixture.given(new TenantRegistered(TENANT, "acme", "ACME"))
                .when(new EnableTenant(TENANT))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void anUnregisteredTenantCannotBeDisabledOrEnabled() {
        fixture.givenNoPriorActivity()
                .when(new DisableTenant(TENANT))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("The resource does not exist."));
        fixture.givenNoPriorActivity()
                .when(new EnableTenant(TENANT))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("The resource does not exist."));
    }
}
