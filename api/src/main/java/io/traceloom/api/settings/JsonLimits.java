package io.traceloom.api.settings;

/** What a JSON request body may be, fixed rather than set: the HTTP interface's mapper and its refusals say the same. */
public final class JsonLimits {

    /**
     * How deeply a JSON request body may nest objects and arrays. Nothing this service accepts needs more,
     * and whatever walks a body recursively later (validation, JSON-LD, canonicalization) is then bounded.
     */
    public static final int MAX_DEPTH = 64;

    private JsonLimits() {
    }
}
