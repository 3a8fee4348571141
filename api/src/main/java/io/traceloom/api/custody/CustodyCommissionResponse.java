package io.traceloom.api.custody;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.kernel.custody.CustodyCommissionView;
import java.time.Instant;
import java.util.List;
import org.springframework.lang.Nullable;

/** A custody commission as SPEC.md shows it, with who consumed it and when. */
@Schema(name = "CustodyCommission", description = "A one-time handover of custody: exactly one registered consumer "
        + "consumes it.", requiredProperties = {"id", "identifier", "registeredConsumers", "createdAt", "updatedAt",
        "consumedBy", "consumedAt"})
public record CustodyCommissionResponse(String id, String identifier, List<String> registeredConsumers,
                                        Instant createdAt, Instant updatedAt,
                                        @Nullable @Schema(description = "Who consumed it; `null` while it is open.")
                                        String consumedBy,
                                        @Nullable @Schema(description = "When it was consumed; `null` while it is open.")
                                        Instant consumedAt) {

    static CustodyCommissionResponse of(CustodyCommissionView commission) {
        return new CustodyCommissionResponse(commission.id(), commission.identifier(), commission.registeredConsumers(),
                commission.createdAt(), commission.updatedAt(), commission.consumedBy(), commission.consumedAt());
    }
}
