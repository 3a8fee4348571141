package io.traceloom.kernel.schema;

import java.util.List;

/** One page of schemas and the number of schemas across all pages. */
public record SchemaPage(List<SchemaView> items, long total) {
}
