package io.traceloom.api.storage;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The {@code eventStore} health component: can the JDBC event store be used now? It must answer a query on the
 * events table (the head of the stream) within 2 s, and, embedded, still be open and forcing its writes to disk
 * ({@link DurableCommits#failure()}). Spring Boot's {@code db} asks only for a valid connection, which the pool
 * gave while the embedded store it had opened was closed (every write answered 500, health said UP). In
 * readiness; a failure only a restart cures takes liveness down too ({@link StorageConfiguration}). UNKNOWN with
 * Axon Server, which its own {@code axonServer} component watches.
 *
 * <p>Bounded in time: a database that does not answer would otherwise hold the check for the pool's connection
 * timeout (30 s). One query runs at a time; a check while it still runs waits for it, within the same bound.
 * Health is polled often, so a failure is logged once, in one line, when it starts.
 */
@Component("eventStoreHealthIndicator")
public class EventStoreHealthIndicator implements HealthIndicator, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(EventStoreHealthIndicator.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final DataSource dataSource;
    private final DurableCommits durableCommits;
    private final String headQuery;
    private final ExecutorService checks = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "event-store-health");
        thread.setDaemon(true);
        return thread;
    });
    private Future<Long> running;
    private volatile boolean down;

    public EventStoreHealthIndicator(ObjectProvider<DataSource> dataSource, EventSchema schema,
                                     DurableCommits durableCommits) {
        this.dataSource = dataSource.getIfAvailable();
        this.durableCommits = durableCommits;
        this.headQuery = "SELECT MAX(" + schema.globalIndexColumn() + ") FROM " + schema.domainEventTable();
    }

    @Override
    public Health health() {
        if (dataSource == null) {
            return Health.unknown().withDetail("store", "Axon Server: see the axonServer component").build();
        }
        Optional<Throwable> broken = durableCommits.failure();
        if (broken.isPresent()) {
            return down(Health.down().withDetail("restartRequired", true), broken.get());
        }
        try {
            Long head = head().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (down) {
                down = false;
                log.info("The event store answers again");
            }
            return Health.up().withDetail("head", head == null ? -1 : head).build();
        } catch (ExecutionException e) {
            return down(Health.down(), e.getCause());
        } catch (TimeoutException e) {
            return down(Health.down(), new TimeoutException("no answer within " + TIMEOUT.toMillis() + " ms"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return down(Health.down(), e);
        }
    }

    private synchronized Future<Long> head() {
        if (running == null || running.isDone()) {
            running = checks.submit(this::queryHead);
        }
        return running;
    }

    private Long queryHead() throws SQLException {
        try (Connection connection = dataSource.getConnection();
             Statement statement = connection.createStatement()) {
            statement.setQueryTimeout((int) TIMEOUT.toSeconds());
            try (ResultSet head = statement.executeQuery(headQuery)) {
                head.next();
                long index = head.getLong(1);
                return head.wasNull() ? null : index;
            }
        }
    }

    private Health down(Health.Builder health, Throwable why) {
        if (!down) {
            down = true;
            log.warn("The event store cannot be used: {}", why.toString());
        }
        return health.withDetail("error", why.toString()).build();
    }

    /** Lets a check under way end by itself (within its query timeout): interrupted in the store's file I/O, it closed the file. */
    @Override
    public void destroy() {
        checks.shutdown();
    }
}
