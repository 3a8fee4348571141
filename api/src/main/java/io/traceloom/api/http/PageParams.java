package io.traceloom.api.http;

import java.util.List;

/**
 * The {@code page} (1-based, default 1) and {@code limit} (default 10, at most 100) of a list request.
 * Controllers take it as a parameter; {@link PageParamsResolver} reads and checks it.
 */
public record PageParams(int page, int limit) {

    public static final int DEFAULT_LIMIT = 10;
    public static final int MAX_LIMIT = 100;

    /** The query parameters a handler taking {@code PageParams} reads. */
    public static final List<String> QUERY_PARAMETERS = List.of("page", "limit");
}
