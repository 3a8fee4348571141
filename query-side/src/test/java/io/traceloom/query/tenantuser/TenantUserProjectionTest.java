package io.traceloom.query.tenantuser;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.tenantuser.Admission;
import io.traceloom.kernel.tenantuser.CheckAdmission;
import io.traceloom.kernel.tenantuser.FindTenant;
import io.traceloom.kernel.tenantuser.FindTenantUser;
import io.traceloom.kernel.tenantuser.ListTenantUsers;
import io.traceloom.kernel.tenantuser.ListTenants;
import io.traceloom.kernel.tenantuser.TenantDisabled;
import io.traceloom.kernel.tenantuser.TenantEnabled;
import io.traceloom.kernel.tenantuser.TenantRegistered;
import io.traceloom.kernel.tenantuser.TenantRenamed;
import io.traceloom.kernel.tenantuser.TenantUserDeleted;
import io.traceloom.kernel.tenantuser.TenantUserRegistered;
import io.traceloom.kernel.tenantuser.TenantUserUpdated;
import io.traceloom.kernel.tenantuser.TenantUserView;
import io.traceloom.kernel.tenantuser.TenantView;
import io.traceloom.query.history.TestHistories;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TenantUserProjectionTest {

    private static final Instant T0 = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Instant T1 = Instant.parse("2026-01-03T00:00:00Z");
    private static final Instant T2 = Instant.parse("2026-01-04T00:00:00Z");

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ReadModelWriter writer = new ReadModelWriter(mongo.template());
    private final TenantProjection tenants = new TenantProjection(writer);
    private final TenantUserProjection users = new TenantUserProjection(writer);
    private final TenantUserQueries queries = new TenantUserQueries(mongo.template(), TestHistories.none());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    @Test
    void aTenantIsRegisteredRenamedDisabledAndEnabled() {
        tenants.on(new TenantRegistered("t1", "acme", "ACME"), T0, 0);
        assertThat(queries.handle(new FindTenant("t1"))).contains(new TenantView("t1", "acme", "ACME", false, T0, T0, 0));

        tenants.on(new TenantRenamed("t1", "ACME Foods"), T1, 1);
        tenants.on(new TenantDisabled("t1"), T2, 2);
        assertThat(queries.handle(new FindTenant("t1")))
                .contains(new TenantView("t1", "acme", "ACME Foods", true, T0, T2, 2));

        tenants.on(new TenantEnabled("t1"), T2, 3);
        assertThat(queries.handle(new FindTenant("t1")).orElseThrow().disabled()).isFalse();
        assertThat(queries.handle(new FindTenant("t2"))).isEmpty();
    }

    @Test
    void operatorsListEveryTenantOldestFirst() {
        tenants.on(new TenantRegistered("t2", "globex", "Globex"), T1, 0);
        tenants.on(new TenantRegistered("t1", "acme", "ACME"), T0, 0);

        assertThat(queries.handle(new ListTenants(1, 10)).items()).extracting(TenantView::id).containsExactly("t1", "t2");
        assertThat(queries.handle(new ListTenants(2, 1)).items()).extracting(TenantView::id).containsExactly("t2");
        assertThat(queries.handle(new ListTenants(1, 10)).total()).isEqualTo(2);
    }

    @Test
    void aUserIsItsTenantsOnly() {
        users.on(new TenantUserRegistered("t1", "u1", "acme", "alice", "Alice", "alice@acme.example"), T0, 0);
        users.on(new TenantUserRegistered("t2", "u2", "globex", "bob", "Bob", "bob@globex.example"), T0, 0);

        assertThat(queries.handle(new FindTenantUser("t1", "u1")))
                .contains(new TenantUserView("u1", "t1", "acme", "alice", "Alice", "alice@acme.example", T0, T0, 0));
        assertThat(queries.handle(new FindTenantUser("t2", "u1"))).isEmpty();
        assertThat(queries.handle(new ListTenantUsers("t1", 1, 10)).items()).extracting(TenantUserView::id)
                .containsExactly("u1");
        assertThat(queries.handle(new ListTenantUsers("t2", 1, 10)).total()).isEqualTo(1);
    }

    @Test
    void anUpdateRefreshesNameAndEmailAndKeepsTheCreationTime() {
        users.on(new TenantUserRegistered("t1", "u1", "acme", "alice", "Alice", "alice@acme.example"), T0, 0);
        users.on(new TenantUserUpdated("t1", "u1", "Alice B.", "ab@acme.example"), T1, 1);

        assertThat(queries.handle(new FindTenantUser("t1", "u1")))
                .contains(new TenantUserView("u1", "t1", "acme", "alice", "Alice B.", "ab@acme.example", T0, T1, 1));
    }

    @Test
    void aDeletedUserIsNoLongerListedOrFoundUntilItRegistersAgain() {
        users.on(new TenantUserRegistered("t1", "u1", "acme", "alice", "Alice", "alice@acme.example"), T0, 0);
        users.on(new TenantUserDeleted("t1", "u1"), T1, 1);

        assertThat(queries.handle(new FindTenantUser("t1", "u1"))).isEmpty();
        assertThat(queries.handle(new ListTenantUsers("t1", 1, 10)).total()).isZero();

        users.on(new TenantUserRegistered("t1", "u1", "acme", "alice", "Alice", "alice@acme.example"), T2, 2);
        assertThat(queries.handle(new FindTenantUser("t1", "u1")).orElseThrow().createdAt()).isEqualTo(T2);
    }

    @Test
    void admissionFollowsTheTenantAndTheUser() {
        assertThat(queries.handle(new CheckAdmission("t1", "u1"))).isEqualTo(Admission.TENANT_NOT_REGISTERED);

        tenants.on(new TenantRegistered("t1", "acme", "ACME"), T0, 0);
        assertThat(queries.handle(new CheckAdmission("t1", "u1"))).as("not registered yet: may not act")
                .isEqualTo(Admission.USER_NOT_REGISTERED);

        users.on(new TenantUserRegistered("t1", "u1", "acme", "alice", "Alice", "alice@acme.example"), T0, 0);
        assertThat(queries.handle(new CheckAdmission("t1", "u1"))).isEqualTo(Admission.ADMITTED);
        users.on(new TenantUserDeleted("t1", "u1"), T1, 1);
        assertThat(queries.handle(new CheckAdmission("t1", "u1"))).isEqualTo(Admission.USER_DELETED);
        users.on(new TenantUserRegistered("t1", "u2", "acme", "bob", "Bob", "bob@acme.example"), T1, 0);
        assertThat(queries.handle(new CheckAdmission("t1", "u2"))).isEqualTo(Admission.ADMITTED);
        assertThat(queries.handle(new CheckAdmission("t2", "u2"))).as("another tenant's user")
                .isEqualTo(Admission.TENANT_NOT_REGISTERED);
        tenants.on(new TenantRegistered("t2", "globex", "Globex"), T1, 0);
        assertThat(queries.handle(new CheckAdmission("t2", "u2"))).as("another tenant's user")
                .isEqualTo(Admission.USER_NOT_REGISTERED);

        tenants.on(new TenantDisabled("t1"), T2, 1);
        assertThat(queries.handle(new CheckAdmission("t1", "u2"))).isEqualTo(Admission.TENANT_DISABLED);
    }

    @Test
    void aResetClearsBothReadModels() {
        tenants.on(new TenantRegistered("t1", "acme", "ACME"), T0, 0);
        users.on(new TenantUserRegistered("t1", "u1", "acme", "alice", "Alice", "alice@acme.example"), T0, 0);

        tenants.reset();
        users.reset();

        assertThat(queries.handle(new ListTenants(1, 10)).total()).isZero();
        assertThat(queries.handle(new FindTenantUser("t1", "u1"))).isEmpty();
    }
}
