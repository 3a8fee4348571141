package io.traceloom.api.support;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Waits that poll a service until it answers as expected, within a deadline. A request that gets no answer (the
 * port not open yet, a reset, or slower than the client's request timeout on a loaded machine) is asked again
 * while the deadline allows: one slow request never fails a wait that allows longer.
 */
public final class Waits {

    private Waits() {
    }

    /**
     * Asks {@code GET path} until it answers 200, while {@code alive} holds and {@code within} has not passed; then
     * fails with {@code context} (a log's tail, say) and what the last request got.
     */
    public static void until200(Http http, String path, Duration within, BooleanSupplier alive,
                                Supplier<String> context) {
        until(http, path, "answer 200", answer -> answer.status() == 200, within, alive, context);
    }

    /** Asks {@code GET path} until its answer is {@code done}, as {@link #until200} does; returns that answer. */
    public static Http.Response until(Http http, String path, String what, Predicate<Http.Response> done,
                                      Duration within, BooleanSupplier alive, Supplier<String> context) {
        long deadline = System.nanoTime() + within.toNanos();
        String last = "no request yet";
        while (true) {
            try {
                Http.Response answer = http.get(path);
                if (done.test(answer)) {
                    return answer;
                }
                last = answer.status() + " " + answer.body();
            } catch (UncheckedIOException noAnswer) {
                last = noAnswer.getCause().toString();
            }
            if (System.nanoTime() > deadline || !alive.getAsBoolean()) {
                throw new IllegalStateException("GET " + path + " did not " + what + " within " + within
                        + " (last: " + last + "):\n" + context.get());
            }
            ServiceProcess.pause(50);
        }
    }
}
