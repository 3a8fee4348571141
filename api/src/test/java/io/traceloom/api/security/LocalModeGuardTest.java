package io.traceloom.api.security;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.api.settings.ApiProperties;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class LocalModeGuardTest {

    private static final ApiProperties.Local LOCAL = new ApiProperties.Local("t", "u", "n", "e", false);
    private static final ApiProperties.Local REMOTE_ALLOWED = new ApiProperties.Local("t", "u", "n", "e", true);

    @Test
    void aLoopbackAddressIsServed() throws Exception {
        assertThatCode(() -> LocalModeGuard.check(LOCAL, InetAddress.getByName("127.0.0.1"))).doesNotThrowAnyException();
        assertThatCode(() -> LocalModeGuard.check(LOCAL, InetAddress.getByName("::1"))).doesNotThrowAnyException();
    }

    @Test
    void anyOtherAddressIsRefusedUnlessAllowedExplicitly() throws Exception {
        InetAddress everywhere = InetAddress.getByName("0.0.0.0");
        assertThatThrownBy(() -> LocalModeGuard.check(LOCAL, everywhere))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("traceloom.security.local.allow-remote=true")
                .hasMessageContaining("traceloom.security.mode=oidc");
        assertThatThrownBy(() -> LocalModeGuard.check(LOCAL, null)).hasMessageContaining("every address");
        assertThatThrownBy(() -> LocalModeGuard.check(LOCAL, InetAddress.getByName("192.0.2.10")))
                .isInstanceOf(IllegalStateException.class);
        assertThatCode(() -> LocalModeGuard.check(REMOTE_ALLOWED, everywhere)).doesNotThrowAnyException();
    }
}
