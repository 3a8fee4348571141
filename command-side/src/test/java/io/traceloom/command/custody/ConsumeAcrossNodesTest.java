package io.traceloom.command.custody;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.custody.ConsumeCustodyCommission;
import io.traceloom.kernel.custody.CreateCustodyCommission;
import io.traceloom.kernel.custody.CustodyCommissionConsumed;
import io.traceloom.kernel.message.Rejection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.transaction.NoTransactionManager;
import org.axonframework.config.Configuration;
import org.axonframework.config.DefaultConfigurer;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.PostgresEventTableFactory;
import org.axonframework.modelling.command.ConcurrencyException;
import org.axonframework.serialization.json.JacksonSerializer;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two command sides, as two processes would be, each with its own locks and no cache between them, share one
 * JDBC event store (H2). Consumers race for a commission through both at the same moment: exactly one wins,
 * and the store holds exactly one {@link CustodyCommissionConsumed}. Within a node the repository's lock
 * serializes them; across nodes nothing but the store's unique (aggregate id, sequence number) does.
 */
class ConsumeAcrossNodesTest {

    private static final String TENANT = "tenant-1";
    private static final int CONSUMERS = 32;
    private static final int ROUNDS = 5;

    private JdbcEventStorageEngine store;
    private Configuration nodeA;
    private Configuration nodeB;
    private ExecutorService threads;

    @BeforeEach
    void startTwoNodes() {
        JdbcDataSource dataSource = new JdbcDataSource();
        dataSource.setURL("jdbc:h2:mem:custody-" + UUID.randomUUID() + ";MODE=PostgreSQL;DB_CLOSE_DELAY=-1");
        JacksonSerializer serializer = JacksonSerializer.defaultSerializer();
        // as the service's (AxonConfiguration): SQLState 23505, a unique violation, on H2 and PostgreSQL alike
        PersistenceExceptionResolver duplicates = exception -> {
            for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
                if (cause instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                    return true;
                }
            }
            return false;
        };
        store = JdbcEventStorageEngine.builder()
                .connectionProvider(dataSource::getConnection)
                .transactionManager(NoTransactionManager.INSTANCE)
                .persistenceExceptionResolver(duplicates)
                .eventSerializer(serializer)
                .snapshotSerializer(serializer)
                .build();
        store.createSchema(PostgresEventTableFactory.INSTANCE);
        nodeA = node(store, serializer);
        nodeB = node(store, serializer);
        threads = Executors.newFixedThreadPool(CONSUMERS);
    }

    private static Configuration node(JdbcEventStorageEngine store, JacksonSerializer serializer) {
        Configuration node = DefaultConfigurer.defaultConfiguration(false)
                .configureSerializer(c -> serializer)
                .configureEmbeddedEventStore(c -> store)
                .configureAggregate(CustodyCommission.class)
                .configureAggregate(CustodyIdentifier.class)
                .registerComponent(IdentifierClaims.class,
                        c -> new IdentifierClaims(c.repository(CustodyIdentifier.class), c.eventStore()))
                .registerCommandHandler(c -> new CustodyConsumption(c.getComponent(IdentifierClaims.class),
                        c.repository(CustodyCommission.class)))
                .buildConfiguration();
        node.start();
        return node;
    }

    @AfterEach
    void stop() {
        if (threads != null) {
            threads.shutdownNow();
        }
        nodeA.shutdown();
        nodeB.shutdown();
    }

    @Test
    void ofConsumersRacingThroughTwoNodesExactlyOneWins() throws Exception {
        long races = 0;
        for (int round = 0; round < ROUNDS; round++) {
            String commissionId = UUID.randomUUID().toString();
            String identifier = "urn:test:handover:" + round;
            List<String> consumers = new ArrayList<>();
            for (int i = 0; i < CONSUMERS; i++) {
                consumers.add("carrier-" + i);
            }
            nodeA.commandGateway().sendAndWait(new CreateCustodyCommission(TENANT, commissionId, identifier, consumers));

            CountDownLatch start = new CountDownLatch(1);
            List<Future<Object>> attempts = new ArrayList<>();
            for (int i = 0; i < CONSUMERS; i++) {
                Configuration node = i % 2 == 0 ? nodeA : nodeB;
                ConsumeCustodyCommission consume = new ConsumeCustodyCommission(TENANT, identifier, consumers.get(i));
                attempts.add(threads.submit(() -> {
                    start.await();
                    try {
                        return node.commandGateway().sendAndWait(consume);
                    } catch (DomainRejectionException | ConcurrencyException lost) {
                        return lost;
                    }
                }));
            }
            start.countDown();

            List<Object> winners = new ArrayList<>();
            for (Future<Object> attempt : attempts) {
                Object outcome = attempt.get(60, TimeUnit.SECONDS);
                if (outcome instanceof DomainRejectionException rejected) {
                    assertThat(rejected.rejection().kind()).as("round " + round).isEqualTo(Rejection.Kind.NOT_FOUND);
                } else if (outcome instanceof ConcurrencyException) {
                    races++;
                } else {
                    winners.add(outcome);
                }
            }
            assertThat(winners).as("round " + round).containsExactly(commissionId);
            assertThat(store.readEvents(commissionId).asStream()
                    .filter(event -> event.getPayload() instanceof CustodyCommissionConsumed))
                    .as("round " + round + ": consumed events in the store").hasSize(1);
        }
        // How often the store, not a lock, decided: timing, not a rule, so only reported.
        System.out.println("Consumes that lost a race in the event store: " + races);
    }
}
