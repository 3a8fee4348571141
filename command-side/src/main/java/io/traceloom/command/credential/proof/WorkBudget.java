package io.traceloom.command.credential.proof;

import com.apicatalog.rdf.canon.RdfCanonTicker;
import io.traceloom.command.config.CommandSideProperties.Limits;
import io.traceloom.command.credential.model.OverLimitException;

/**
 * What the work on one credential may still cost: its limits, and a deadline that every loop of the
 * work checks (ours, titanium's expansion through its timeout, RDF canonicalization through its ticker),
 * so that the work stops when the deadline passes instead of running on until an interrupt that
 * CPU-bound code never notices. One per credential and thread; not thread-safe.
 */
public final class WorkBudget {

    private final Limits limits;
    private final long deadline;
    private long canonicalizationSteps;

    private WorkBudget(Limits limits, long deadline) {
        this.limits = limits;
        this.deadline = deadline;
    }

    /** A budget whose deadline is {@link Limits#timeout()} from now. */
    public static WorkBudget start(Limits limits) {
        return new WorkBudget(limits, System.nanoTime() + limits.timeout().toNanos());
    }

    public Limits limits() {
        return limits;
    }

    /** The steps of RDF canonicalization spent so far. */
    long canonicalizationSteps() {
        return canonicalizationSteps;
    }

    /** Whether the deadline has passed. */
    boolean expired() {
        return System.nanoTime() - deadline > 0;
    }

    /** @throws OverLimitException once the deadline has passed */
    public void checkDeadline() throws OverLimitException {
        if (System.nanoTime() - deadline > 0) {
            throw timedOut();
        }
    }

    /**
     * When the deadline passes, as {@link System#nanoTime()} tells it: for work done elsewhere on the credential's
     * behalf (checking its subjects against schemas).
     */
    public long deadlineNanoTime() {
        return deadline;
    }

    /** What an answer says once the deadline has passed: the work stopped, and the setting that stopped it. */
    public String timeoutReason() {
        return timedOut().getMessage();
    }

    OverLimitException timedOut() {
        return new OverLimitException(null, "the credential needs more work than "
                + "traceloom.credentials.limits.timeout (" + limits.timeout().toMillis() + " ms) allows");
    }

    /**
     * Called by RDF canonicalization in each of its loops. RDFC-1.0 asks implementations to bound the work
     * on "poison" datasets, whose look-alike blank nodes make it try every permutation of them.
     */
    RdfCanonTicker canonicalizationTicker() {
        return () -> {
            if (++canonicalizationSteps > limits.maxCanonicalizationSteps()) {
                throw new CanonicalizationStopped(new OverLimitException(null, "telling its blank nodes apart "
                        + "takes more than traceloom.credentials.limits.max-canonicalization-steps ("
                        + limits.maxCanonicalizationSteps() + ") steps of RDF canonicalization; objects that "
                        + "look alike (same properties and values, no id) are what makes it costly"));
            }
            if ((canonicalizationSteps & 0xff) == 0 && System.nanoTime() - deadline > 0) {
                throw new CanonicalizationStopped(timedOut());
            }
        };
    }

    /** The way out of titanium's canonicalization loops: its ticker may throw only this type. */
    static final class CanonicalizationStopped extends IllegalStateException {
        private final OverLimitException reason;

        CanonicalizationStopped(OverLimitException reason) {
            super(reason.getMessage(), null);
            this.reason = reason;
        }

        OverLimitException reason() {
            return reason;
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
