package io.traceloom.api.config;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

/**
 * The {@code mongo} health component: the read models' and tokens' MongoDB answers {@code ping}. Takes the
 * place of Spring Boot's, which sends {@code hello}, a command the embedded mongo-java-server does not know
 * (so health was DOWN on the embedded default); {@code ping} is answered by both. Bounded in time: with
 * MongoDB gone, the driver would otherwise wait 30 s to select a server before the check could say DOWN.
 * Health is polled often, so a failure is logged once, in one line, when it starts, not at every poll.
 */
@Component("mongoHealthIndicator")
public class MongoHealthIndicator implements HealthIndicator {

    private static final Logger log = LoggerFactory.getLogger(MongoHealthIndicator.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final MongoTemplate mongo;
    private volatile boolean down;

    public MongoHealthIndicator(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Health health() {
        String database = mongo.getDb().getName();
        try {
            // the driver's client-side operation timeout (an @Alpha API in driver 5.x): covers server selection
            mongo.getDb().withTimeout(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).runCommand(new Document("ping", 1));
        } catch (RuntimeException e) {
            if (!down) {
                down = true;
                log.warn("MongoDB (database {}) does not answer: {}", database, e.toString());
            }
            return Health.down().withDetail("database", database).withDetail("error", e.toString()).build();
        }
        if (down) {
            down = false;
            log.info("MongoDB (database {}) answers again", database);
        }
        return Health.up().withDetail("database", database).build();
    }
}
