package io.traceloom.command.tenantuser;

import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tenantuser.DeleteTenantUser;
import io.traceloom.kernel.tenantuser.RegisterTenantUser;
import io.traceloom.kernel.tenantuser.TenantDisabled;
import io.traceloom.kernel.tenantuser.TenantRegistered;
import io.traceloom.kernel.tenantuser.TenantUserDeleted;
import io.traceloom.kernel.tenantuser.TenantUserIds;
import io.traceloom.kernel.tenantuser.TenantUserRegistered;
import io.traceloom.kernel.tenantuser.TenantUserUpdated;
import java.time.Instant;
import java.util.UUID;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.EventSourcingRepository;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.axonframework.messaging.MetaData;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TenantUserTest {

    private static final String TENANT = "0d9f6a52-1111-5aaa-8bbb-000000000001";
    private static final String USER = "7c1e2d3f-2222-5bbb-8ccc-000000000002";
    private static final RegisterTenantUser ALICE =
            new RegisterTenantUser(TENANT, USER, "acme", "alice-sub", "Alice", "alice@acme.example");
    private static final TenantUserRegistered ALICE_REGISTERED =
            new TenantUserRegistered(TENANT, USER, "acme", "alice-sub", "Alice", "alice@acme.example");

    private AggregateTestFixture<TenantUser> fixture;
    /** The tenants live in a store of their own: the fixture's store holds the user. */
    private EmbeddedEventStore tenantEvents;

    @BeforeEach
    void setUp() {
        tenantEvents = EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
        fixture = new AggregateTestFixture<>(TenantUser.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
        fixture.registerAnnotatedCommandHandler(new TenantUserCommandHandler(
                EventSourcingRepository.builder(Tenant.class).eventStore(tenantEvents).build(),
                fixture.getRepository()));
    }

    @AfterEach
    void tearDown() {
        tenantEvents.shutDown();
    }

    @Test
    void aUserOfARegisteredTenantRegisters() {
        givenTenant(new TenantRegistered(TENANT, "acme", "ACME"));

        fixture.givenNoPriorActivity()
                .when(ALICE)
                .expectResultMessagePayload(true)
                .expectEvents(ALICE_REGISTERED);
    }

    @Test
    void registeringAgainRefreshesTheNameAndEmailOnlyWhenTheyChanged() {
        givenTenant(new TenantRegistered(TENANT, "acme", "ACME"));

        fixture.given(ALICE_REGISTERED)
                .when(ALICE)
                .expectResultMessagePayload(false)
                .expectNoEvents();
        fixture.given(ALICE_REGISTERED)
                .when(new RegisterTenantUser(TENANT, USER, "acme", "alice-sub", "Alice B.", "alice@acme.example"))
                .expectResultMessagePayload(false)
                .expectEvents(new TenantUserUpdated(TENANT, USER, "Alice B.", "alice@acme.example"));
    }

    @Test
    void aDeletedUserRegistersAgain() {
        givenTenant(new TenantRegistered(TENANT, "acme", "ACME"));

        fixture.given(ALICE_REGISTERED, new TenantUserDeleted(TENANT, USER))
                .when(ALICE)
                .expectResultMessagePayload(true)
                .expectEvents(ALICE_REGISTERED);
    }

    @Test
    void noOneRegistersWithAnUnregisteredTenant() {
        fixture.givenNoPriorActivity()
                .when(ALICE)
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Tenant 'acme' is not registered with this service, "
                        + "or is disabled: an operator registers it."));
    }

    @Test
    void noOneRegistersWithADisabledTenant() {
        givenTenant(new TenantRegistered(TENANT, "acme", "ACME"), new TenantDisabled(TENANT));

        fixture.given(ALICE_REGISTERED)
                .when(ALICE)
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Tenant 'acme' is not registered with this service, "
                        + "or is disabled: an operator registers it."));
    }

    @Test
    void aUserIsDeletedOnce() {
        fixture.given(ALICE_REGISTERED)
                .when(new DeleteTenantUser(TENANT, USER, null))
                .expectEvents(new TenantUserDeleted(TENANT, USER));
        fixture.given(ALICE_REGISTERED, new TenantUserDeleted(TENANT, USER))
                .when(new DeleteTenantUser(TENANT, USER, null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Tenant user '" + USER + "' does not exist."));
    }

    /** {@code If-Match}: the version it names must be the user's current one (0 when registered, 1 renamed). */
    @Test
    void aDeletionNamingAnotherVersionIsRefused() {
        TenantUserUpdated renamed = new TenantUserUpdated(TENANT, USER, "Alice B.", "alice@acme.example");
        fixture.given(ALICE_REGISTERED, renamed)
                .when(new DeleteTenantUser(TENANT, USER, 0L))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.versionMismatch("Tenant user '" + USER
                        + "' has changed: it is at version 1, not 0."));
        fixture.given(ALICE_REGISTERED, renamed)
                .when(new DeleteTenantUser(TENANT, USER, 1L))
                .expectEvents(new TenantUserDeleted(TENANT, USER));
    }

    /** A user's aggregate is named after its tenant: the same id in another tenant is another, absent, user. */
    @Test
    void anotherTenantsUserIdAddressesNothing() {
        fixture.givenNoPriorActivity()
                .when(new DeleteTenantUser("3d0c6c4e-8a51-4f0e-9b7a-2f4e1c9d8b70", USER, null))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("The resource does not exist."));
    }

    private void givenTenant(Object... events) {
        for (int sequence = 0; sequence < events.length; sequence++) {
            tenantEvents.publish(new GenericDomainEventMessage<>("Tenant", TenantUserIds.tenant(TENANT), sequence,
                    events[sequence], MetaData.emptyInstance(), UUID.randomUUID().toString(), Instant.now()));
        }
    }
}
