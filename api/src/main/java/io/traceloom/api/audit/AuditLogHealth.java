package io.traceloom.api.audit;

import io.traceloom.api.messaging.Queries;
import io.traceloom.kernel.audit.AuditLogIntegrity;
import io.traceloom.kernel.audit.AuditLogMismatch;
import io.traceloom.kernel.audit.FindAuditLogIntegrity;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The {@code auditLog} health component: {@code DOWN} while some tenant's log no longer matches the event store
 * (someone wrote the store behind the service's back), naming the tenant and the first entry that differs, and what
 * differs there; {@code UP} otherwise. Not part of readiness: the instance serves everything else as well as before,
 * and every instance would refuse alike; an operator is to be told, through the overall health going {@code DOWN}.
 *
 * <p>The checks are read from MongoDB, where every process records what it finds: read in a thread of its own, so
 * that health answers within {@link #PATIENCE} even while MongoDB does not ({@code UNKNOWN} then; {@code mongo}
 * says why). The bean name ends in {@code HealthIndicator}, which health drops: the aggregate is the bean
 * {@code auditLog}.
 */
@Component("auditLogHealthIndicator")
public class AuditLogHealth implements HealthIndicator, DisposableBean {

    static final Duration PATIENCE = Duration.ofSeconds(2);

    private final Queries queries;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "audit-log-health");
        thread.setDaemon(true);
        return thread;
    });
    private Future<AuditLogIntegrity> reading;

    public AuditLogHealth(Queries queries) {
        this.queries = queries;
    }

    @Override
    public Health health() {
        AuditLogIntegrity integrity;
        try {
            integrity = read().get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return Health.unknown().withDetail("error", "the checks of the audit logs could not be read within "
                    + PATIENCE.toSeconds() + " s (see mongo)").build();
        } catch (ExecutionException e) {
            return Health.unknown().withDetail("error", "the checks of the audit logs could not be read: "
                    + e.getCause().getMessage()).build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Health.unknown().build();
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("entriesCheckedHere", integrity.checked());
        if (integrity.mismatches().isEmpty()) {
            return Health.up().withDetails(details).build();
        }
        Map<String, Object> mismatches = new LinkedHashMap<>();
        for (AuditLogMismatch mismatch : integrity.mismatches()) {
            mismatches.put(mismatch.tenantId(), Map.of("index", mismatch.index(), "detail", mismatch.detail(),
                    "detectedAt", mismatch.detectedAt().toString()));
        }
        details.put("mismatches", mismatches);
        return Health.down().withDetails(details).build();
    }

    /** The read under way, or a new one: a read that hangs is waited for, not piled up behind. */
    private synchronized Future<AuditLogIntegrity> read() {
        if (reading == null || reading.isDone()) {
            reading = reader.submit(() -> queries.get(new FindAuditLogIntegrity(), AuditLogIntegrity.class));
        }
        return reading;
    }

    @Override
    public void destroy() {
        reader.shutdownNow();
    }
}
