package io.traceloom.query.audit;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.mongodb.core.MongoTemplate;

/**
 * Checks the tenants' logs against the store in the background, at a bounded rate ({@code traceloom.audit
 * .scrub-rate} entries a second): first the entries no check has covered yet, as they are appended, then the
 * whole of each log again, pass after pass, so that a rewrite of an old event is found without anyone asking for a
 * checkpoint. While the logs grow (a round found new entries: the service is taking writes), the passes over old
 * entries take at most a {@value #RESCAN_SHARE_WHILE_APPENDING}th of a round's budget, and yield the rest of the CPU
 * to the writes; once the logs rest, they go on at the full rate. It runs where the log's appender runs (one process
 * of a deployment, the one holding its claim).
 */
public class AuditLogScrub implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AuditLogScrub.class);
    private static final Duration ROUND = Duration.ofSeconds(1);
    /**
     * Under writes, the passes over old entries get this fraction of a round's budget: a rewrite of an old event is
     * then found within ten times as long as at rest, and the writes keep most of the CPU the passes took
     * (BENCHMARKS.md: 18 % of the CPU of tagged creates went to this check).
     */
    static final int RESCAN_SHARE_WHILE_APPENDING = 10;

    private final MongoTemplate mongo;
    private final AuditLogChecks checks;
    private final int rate;
    private final BooleanSupplier appendsHere;
    private volatile Thread worker;

    /** @param appendsHere whether this process runs the log's appender now */
    public AuditLogScrub(MongoTemplate mongo, AuditLogChecks checks, int rate, BooleanSupplier appendsHere) {
        this.mongo = mongo;
        this.checks = checks;
        this.rate = rate;
        this.appendsHere = appendsHere;
    }

    @Override
    public void start() {
        if (rate <= 0) {
            return;
        }
        Thread thread = new Thread(this::run, "audit-log-scrub");
        thread.setDaemon(true);
        worker = thread;
        thread.start();
    }

    /**
     * Ends the pause between rounds; a round under way ends by itself. Never by an interrupt: a round reads the
     * event store, and an interrupt during the embedded store's file I/O closes the store's file.
     */
    @Override
    public void stop() {
        worker = null;
        synchronized (this) {
            notifyAll();
        }
    }

    @Override
    public boolean isRunning() {
        return worker != null;
    }

    private void run() {
        while (worker == Thread.currentThread()) {
            long started = System.nanoTime();
            try {
                if (appendsHere.getAsBoolean()) {
                    round(rate);
                }
            } catch (RuntimeException e) {
                log.warn("A round of checking the audit logs against the store failed; the next one tries again", e);
            }
            long rest = ROUND.toNanos() - (System.nanoTime() - started);
            try {
                synchronized (this) {
                    if (worker == Thread.currentThread()) {
                        wait(Math.max(10, rest / 1_000_000));
                    }
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Checks up to {@code budget} entries over the tenants' logs: new entries first, then the next of a pass (at most
     * a {@value #RESCAN_SHARE_WHILE_APPENDING}th of the budget when there were new entries).
     */
    public void round(long budget) {
        List<AuditLogDocument> logs = mongo.findAll(AuditLogDocument.class);
        long rescans = budget / RESCAN_SHARE_WHILE_APPENDING;
        boolean appended = false;
        for (AuditLogDocument log : logs) {
            if (budget <= 0) {
                return;
            }
            AuditCheckDocument known = checks.of(log.tenantId());
            if (known != null && known.mismatchIndex() != null) {
                checks.recheck(known);
                continue;
            }
            long verified = known == null ? 0 : known.verifiedSize();
            if (verified < log.size()) {
                long to = Math.min(log.size(), verified + budget);
                checks.check(log.tenantId(), verified, to, true);
                budget -= to - verified;
                appended = true;
            }
        }
        if (appended) {
            budget = Math.min(budget, Math.max(1, rescans));
        }
        for (AuditLogDocument log : logs) {
            if (budget <= 0) {
                return;
            }
            AuditCheckDocument known = checks.of(log.tenantId());
            if (known == null || known.mismatchIndex() != null || log.size() == 0) {
                continue;
            }
            long from = known.rescannedTo() >= Math.min(log.size(), known.verifiedSize()) ? 0 : known.rescannedTo();
            long to = Math.min(known.verifiedSize(), from + budget);
            if (to > from && checks.check(log.tenantId(), from, to, false) == null) {
                checks.rescanned(log.tenantId(), to);
            }
            budget -= Math.max(0, to - from);
        }
    }
}
