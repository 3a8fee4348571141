package io.traceloom.api.audit;

import io.traceloom.api.messaging.Queries;
import io.traceloom.kernel.audit.AuditLogIntegrity;
import io.traceloom.kernel.audit.AuditLogMismatch;
import io.traceloom.kernel.audit.FindAuditLogIntegrity;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The {@code auditLog} health component: {@code DOWN} while some tenant's log no longer matches the event store
 * (someone wrote the store behind the service's back), naming the tenant and the first entry that differs, and what
 * differs there; {@code UP} otherwise. Not part of readiness: the instance serves everything else as well as before,
 * and every instance would refuse alike; an operator is to be told, through the overall health going {@code DOWN}.
 * (The bean name ends in {@code HealthIndicator}, which health drops: the aggregate is the bean {@code auditLog}.)
 */
@Component("auditLogHealthIndicator")
public class AuditLogHealth implements HealthIndicator {

    private final Queries queries;

    public AuditLogHealth(Queries queries) {
        this.queries = queries;
    }

    @Override
    public Health health() {
        AuditLogIntegrity integrity = queries.get(new FindAuditLogIntegrity(), AuditLogIntegrity.class);
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
}
