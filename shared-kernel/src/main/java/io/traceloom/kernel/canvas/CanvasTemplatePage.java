package io.traceloom.kernel.canvas;

import java.util.List;

/** One page of canvas templates and the number of templates across all pages. */
public record CanvasTemplatePage(List<CanvasTemplateView> items, long total) {
}
