package io.traceloom.api.security;

import io.traceloom.api.settings.ApiProperties;
import java.net.InetAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code local} mode asks nobody who they are: everyone who reaches it acts as the local tenant and user.
 * So it serves only a loopback address unless told otherwise, explicitly; and it says so at start. Checked
 * while the application starts, before the server listens.
 */
public final class LocalModeGuard {

    private static final Logger log = LoggerFactory.getLogger(LocalModeGuard.class);

    private LocalModeGuard() {
    }

    /**
     * @param address the address the server binds to, {@code null} for every address
     * @throws IllegalStateException when it is not a loopback address and remote callers are not allowed
     */
    public static void check(ApiProperties.Local local, InetAddress address) {
        boolean loopback = address != null && address.isLoopbackAddress();
        String where = address == null ? "every address" : address.getHostAddress();
        if (!loopback && !local.allowRemote()) {
            throw new IllegalStateException("The local security mode asks no one who they are, and would serve "
                    + where + ": set server.address=127.0.0.1, or traceloom.security.mode=oidc, or, knowing that "
                    + "anyone who reaches it acts as tenant " + local.tenantId()
                    + ", traceloom.security.local.allow-remote=true");
        }
        if (loopback) {
            log.info("Security mode local: no token; every request acts as tenant {} and user {}; serving {} only",
                    local.tenantId(), local.userId(), where);
        } else {
            log.warn("Security mode local on {} (traceloom.security.local.allow-remote=true): no token; whoever "
                    + "reaches it acts as tenant {} and user {}", where, local.tenantId(), local.userId());
        }
    }
}
