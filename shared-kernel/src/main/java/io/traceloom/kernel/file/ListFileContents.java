package io.traceloom.kernel.file;

/**
 * Which content every live file of every tenant needs, in pages by file id: what the service checks the
 * content store against at start. The one query that is not a tenant's: it is asked by the service itself,
 * never on behalf of a caller. Answered with a {@code FileContents}.
 *
 * @param afterFileId the last file id of the previous page, or {@code ""} for the first
 */
public record ListFileContents(String afterFileId, int limit) {
}
