package io.traceloom.kernel.file;

import java.util.List;

/** A page of {@link ListFileContents}: fewer than asked for when it is the last. */
public record FileContents(List<Needed> items) {

    /** A file and the content it needs. */
    public record Needed(String tenantId, String fileId, String sha256, long size) {
    }
}
