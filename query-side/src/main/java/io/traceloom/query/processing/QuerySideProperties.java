package io.traceloom.query.processing;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the projections run ({@code traceloom.projections.*}).
 *
 * @param batchSize events per projection transaction (one bulk write and one token update each)
 * @param segments  parallel segments per projection; events of one tenant always stay in one segment
 */
@ConfigurationProperties("traceloom.projections")
public record QuerySideProperties(@DefaultValue("100") int batchSize, @DefaultValue("1") int segments) {
}
