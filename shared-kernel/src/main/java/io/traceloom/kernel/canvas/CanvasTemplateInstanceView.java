package io.traceloom.kernel.canvas;

import java.time.Instant;

/**
 * A recorded render. It never changes.
 *
 * @param variables the variables as JSON object text
 */
public record CanvasTemplateInstanceView(String id, String templateId, long templateVersion, String variables,
                                         String renderedOutput, String renderedBy, Instant createdAt) {
}
