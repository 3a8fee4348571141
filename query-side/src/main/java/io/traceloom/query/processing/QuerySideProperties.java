package io.traceloom.query.processing;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the projections run ({@code traceloom.projections.*}).
 *
 * @param batchSize    events per projection transaction (one bulk write and one token update each)
 * @param segments     parallel segments per projection; events of one tenant always stay in one segment.
 *                     Several processes running the projections share a projection's segments
 * @param claimTimeout a process holds a projection's segment by its claim in the token store, renewed while it
 *                     runs; a claim not renewed for this long (its process died) is taken over by another
 *                     process, which looks for such segments every half of this (at most every 5 s). Shorter
 *                     hands work over sooner; longer tolerates longer pauses of a process (a long garbage
 *                     collection) before its segments are taken from it
 */
@ConfigurationProperties("traceloom.projections")
public record QuerySideProperties(@DefaultValue("100") int batchSize,
                                  @DefaultValue("1") int segments,
                                  @DefaultValue("10s") Duration claimTimeout) {

    /** How often a process looks for segments it could claim: unclaimed ones, or those whose claim expired. */
    public Duration claimInterval() {
        Duration half = claimTimeout.dividedBy(2);
        return half.compareTo(Duration.ofSeconds(5)) < 0 ? half : Duration.ofSeconds(5);
    }
}
