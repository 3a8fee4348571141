package io.traceloom.command.canvas.sandbox;

/** A render that was stopped at one of its limits. */
public final class RenderLimitException extends RuntimeException {

    public enum Limit { TIME, OUTPUT, DEPTH }

    private final Limit limit;

    RenderLimitException(Limit limit) {
        super(limit.name(), null, false, false);
        this.limit = limit;
    }

    public Limit limit() {
        return limit;
    }
}
