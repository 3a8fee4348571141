package io.traceloom.api.caller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdentitiesTest {

    @Test
    void idsAreVersion5UuidsNamedAfterTheExternalIds() {
        UUID tenant = UUID.fromString(Identities.tenantId("acme"));

        assertThat(tenant.version()).isEqualTo(5);
        assertThat(tenant.variant()).isEqualTo(2);
        assertThat(Identities.tenantId("acme")).as("stable").isEqualTo(tenant.toString());
        assertThat(Identities.tenantId("globex")).isNotEqualTo(tenant.toString());
        assertThat(Identities.userId(tenant.toString(), "alice"))
                .isNotEqualTo(Identities.userId(Identities.tenantId("globex"), "alice"))
                .isEqualTo(Identities.userId(tenant.toString(), "alice"));
    }

    /** RFC 9562 appendix A.4's example: "www.example.com" in the DNS namespace. */
    @Test
    void theNameBasedUuidIsRfc9562s() {
        assertThat(nameBased(UUID.fromString("6ba7b810-9dad-11d1-80b4-00c04fd430c8"), "www.example.com"))
                .isEqualTo(UUID.fromString("2ed6657d-e927-568b-95e1-2665a8aea6a2"));
    }

    private static UUID nameBased(UUID namespace, String name) {
        return Identities.nameBased(namespace, name);
    }
}
