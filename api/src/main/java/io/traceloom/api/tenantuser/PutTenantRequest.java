package io.traceloom.api.tenantuser;

import io.traceloom.api.guard.NotWhiteSpace;
import io.traceloom.api.guard.SingleLine;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** The limits are docs/limits.md's: change both together. */
public record PutTenantRequest(
        @NotBlank @NotWhiteSpace @Size(max = 200, message = "must be at most {max} characters") @SingleLine
        String name) {
}
