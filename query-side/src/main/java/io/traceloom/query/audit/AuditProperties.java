package io.traceloom.query.audit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the tenants' audit logs follow the event store ({@code traceloom.audit.*}).
 *
 * @param appendInterval how long the log's appender waits after a batch that did not fill up before it reads the
 *                       store again: the feed shows a write's events about this long after it answered, and
 *                       appending costs writes one command per tenant per interval instead of one per batch
 * @param scrubRate      entries per second checked against their events in the store in the background (new
 *                       entries first, then the whole log again, over and over), where the appender runs; 0 turns
 *                       the scrub off (a checkpoint still checks the entries it newly covers)
 */
@ConfigurationProperties("traceloom.audit")
public record AuditProperties(@DefaultValue("1s") Duration appendInterval,
                              @DefaultValue("2000") int scrubRate) {
}
