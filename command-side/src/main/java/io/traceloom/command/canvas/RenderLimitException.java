package io.traceloom.command.canvas;

/** A render that was stopped at one of its limits. */
final class RenderLimitException extends RuntimeException {

    enum Limit { TIME, OUTPUT, DEPTH }

    private final Limit limit;

    RenderLimitException(Limit limit) {
        super(limit.name(), null, false, false);
        this.limit = limit;
    }

    Limit limit() {
        return limit;
    }
}
