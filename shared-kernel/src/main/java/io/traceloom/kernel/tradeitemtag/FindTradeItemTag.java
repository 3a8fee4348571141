package io.traceloom.kernel.tradeitemtag;

import io.traceloom.kernel.catalogue.TagView;
import io.traceloom.kernel.message.TenantScoped;

/** Answered with an {@code Optional<TagView>}. */
public record FindTradeItemTag(String tenantId, String tagId) implements TenantScoped {
}
