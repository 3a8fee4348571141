package io.traceloom.kernel.partnertag;

import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<TagView>}. */
public record FindPartnerTag(String tenantId, String tagId) implements TenantScoped {
}
