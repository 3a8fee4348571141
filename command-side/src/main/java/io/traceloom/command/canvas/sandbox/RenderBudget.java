package io.traceloom.command.canvas.sandbox;

/**
 * What one render may spend: a deadline, checked at every value a template looks up and every piece of
 * output it writes, on the thread that renders. Handlebars cannot be interrupted; these are the points
 * where a render can be stopped, and every loop of a template passes through them.
 */
final class RenderBudget {

    private static final ThreadLocal<Long> DEADLINE = new ThreadLocal<>();

    private RenderBudget() {
    }

    static void start(long timeoutNanos) {
        DEADLINE.set(System.nanoTime() + timeoutNanos);
    }

    static void end() {
        DEADLINE.remove();
    }

    static void check() {
        Long deadline = DEADLINE.get();
        if (deadline != null && System.nanoTime() - deadline > 0) {
            throw new RenderLimitException(RenderLimitException.Limit.TIME);
        }
    }
}
