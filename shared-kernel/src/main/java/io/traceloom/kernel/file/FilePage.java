package io.traceloom.kernel.file;

import java.util.List;

/** One page of files and the number of files across all pages. */
public record FilePage(List<FileView> items, long total) {
}
