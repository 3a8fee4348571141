package io.traceloom.query.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.linkset.DigitalLinkResolution;
import io.traceloom.kernel.linkset.DigitalLinkResolution.Level;
import io.traceloom.kernel.linkset.DigitalLinkResolution.Target;
import io.traceloom.kernel.linkset.LinkRecord;
import io.traceloom.kernel.linkset.LinkSetCreated;
import io.traceloom.kernel.linkset.LinkSetDeleted;
import io.traceloom.kernel.linkset.LinkSetReplaced;
import io.traceloom.kernel.linkset.ResolveDigitalLink;
import io.traceloom.query.readmodel.InMemoryMongo;
import io.traceloom.query.readmodel.ReadModelWriter;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResolverProjectionTest {

    private static final String GTIN = "01/09506000134352";
    private static final String LOT = GTIN + "/10/LOT1";
    private static final LinkRecord PIP = new LinkRecord("gs1:pip", "https://example.com/p", "Product page",
            List.of("en"), null, null);
    private static final LinkRecord EPIL = new LinkRecord("https://www.gs1.org/voc/epil", "https://example.com/l",
            "Leaflet", List.of(), null, null);

    private final InMemoryMongo mongo = new InMemoryMongo();
    private final ResolverProjection projection = new ResolverProjection(new ReadModelWriter(mongo.template()));
    private final ResolverQueries queries = new ResolverQueries(mongo.template());

    @AfterEach
    void tearDown() {
        mongo.close();
    }

    private List<Level> resolve(String... keys) {
        return queries.handle(new ResolveDigitalLink(List.of(keys))).levels();
    }

    @Test
    void eachKeyAnswersWithItsLinksTypedByIriWhicheverTenantHoldsIt() {
        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "", null, List.of(PIP, EPIL)));
        projection.on(new LinkSetCreated("t2", "ls-9", GTIN, "10/LOT1", "Risotto, lot 1", List.of(EPIL)));

        assertThat(resolve(LOT, GTIN)).containsExactly(
                new Level(LOT, "Risotto, lot 1", List.of(new Target("https://gs1.org/voc/epil", "https://example.com/l",
                        "Leaflet", List.of()))),
                new Level(GTIN, "Product page", List.of(
                        new Target("https://gs1.org/voc/pip", "https://example.com/p", "Product page", List.of("en")),
                        new Target("https://gs1.org/voc/epil", "https://example.com/l", "Leaflet", List.of()))));
        assertThat(resolve(GTIN + "/10/LOT2")).isEmpty();
    }

    @Test
    void aReplaceMovesTheEntryToTheNewKey() {
        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "10/LOT1", null, List.of(PIP)));

        projection.on(new LinkSetReplaced("t1", "ls-1", GTIN, "10/LOT2", LOT, null, List.of(EPIL)));

        assertThat(resolve(LOT)).isEmpty();
        assertThat(resolve(GTIN + "/10/LOT2")).extracting(Level::itemDescription).containsExactly("Leaflet");
    }

    @Test
    void aDeleteRemovesTheEntry() {
        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "", null, List.of(PIP)));
        projection.on(new LinkSetDeleted("t1", "ls-1", GTIN));

        assertThat(resolve(GTIN)).isEmpty();
    }

    /** What another tenant's link set took over is not removed by the link set that held it before. */
    @Test
    void aLinkSetRemovesOnlyTheEntryItHolds() {
        projection.on(new LinkSetCreated("t2", "theirs", GTIN, "", null, List.of(EPIL)));

        projection.on(new LinkSetDeleted("t1", "ls-1", GTIN));
        projection.on(new LinkSetReplaced("t1", "ls-2", GTIN, "10/LOT1", GTIN, null, List.of(PIP)));

        assertThat(resolve(GTIN)).extracting(Level::itemDescription).containsExactly("Leaflet");
    }

    @Test
    void aResetClearsEveryEntry() {
        projection.on(new LinkSetCreated("t1", "ls-1", GTIN, "", null, List.of(PIP)));
        projection.reset();

        assertThat(resolve(GTIN)).isEmpty();
        assertThat(queries.handle(new ResolveDigitalLink(List.of()))).isEqualTo(new DigitalLinkResolution(List.of()));
    }
}
