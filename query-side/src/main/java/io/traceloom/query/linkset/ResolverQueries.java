package io.traceloom.query.linkset;

import io.traceloom.kernel.linkset.DigitalLinkResolution;
import io.traceloom.kernel.linkset.ResolveDigitalLink;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.queryhandling.QueryHandler;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.stereotype.Component;

/** Answers the public resolver: by key, never by tenant. */
@Component
public class ResolverQueries {

    private final MongoTemplate mongo;

    public ResolverQueries(MongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** One lookup by {@code _id} per level; a request names at most four (a key and three qualifiers). */
    @QueryHandler
    public DigitalLinkResolution handle(ResolveDigitalLink query) {
        List<DigitalLinkResolution.Level> levels = new ArrayList<>();
        for (String key : query.keys()) {
            ResolverDocument entry = mongo.findById(key, ResolverDocument.class);
            if (entry != null) {
                levels.add(entry.toLevel());
            }
        }
        return new DigitalLinkResolution(levels);
    }
}
