package io.traceloom.api.readmodel;

import static io.traceloom.api.support.SharedTraceloom.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.data.mongodb.core.query.Criteria.where;
import static org.springframework.data.mongodb.core.query.Query.query;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.RunningTraceloom;
import io.traceloom.api.support.SharedTraceloom;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.concurrent.TimeUnit;
import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.mongo.MongoConnectionDetails;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.query.Update;

/**
 * Reads by id answered from the cache of views ({@link ViewCache}), over HTTP: a view is answered again while other
 * documents are written, and read afresh once its own is, or once a rebuild has replaced the read model. To see
 * whether MongoDB was asked, a document is changed in it behind the service's back, by a MongoDB client of the
 * test's own (the service follows the writes of its own client only).
 */
class CachedViewsTest {

    private static RunningTraceloom traceloom;
    private static Http http;
    private static MongoClient behindTheBack;
    private static MongoCollection<Document> tradeItems;

    @BeforeAll
    static void start() {
        traceloom = SharedTraceloom.get();
        http = traceloom.http();
        ConnectionString uri = traceloom.bean(MongoConnectionDetails.class).getConnectionString();
        behindTheBack = MongoClients.create(uri);
        tradeItems = behindTheBack.getDatabase(uri.getDatabase()).getCollection("trade_items");
    }

    @AfterAll
    static void stop() {
        behindTheBack.close();
    }

    /**
     * The cache forgot every view at each move of any projection, so that while writes ran it kept nothing (issue
     * 29): now the writes of other documents, of this read model and others, leave the view in place.
     */
    @Test
    void aViewIsAnsweredAgainWhileOtherDocumentsAreWritten() {
        String id = createItem("Apples", null);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            assertThat(http.get("/trade-items/" + id).status()).isEqualTo(200);
            behindTheProjectionsBack(id, "Drifted");
            createItem("Another", null);
            Fixtures.createTag(http, unique("MOVE"));
            JsonNode again = http.get("/trade-items/" + id).json();
            if (again.get("name").asText().equals("Apples")) {
                break; // answered from the cache: MongoDB says otherwise
            }
            // Another test's write of the whole collection (a tag deleted, marked on every item that had it) may
            // rightly have made the view go. Try again: a cache that never answers fails the deadline.
            behindTheProjectionsBack(id, "Apples");
            assertThat(System.nanoTime()).as("answered from the cache while other documents were written")
                    .isLessThan(deadline);
        }

        assertThat(http.delete("/trade-items/" + id).status()).isEqualTo(204);
        assertThat(http.get("/trade-items/" + id).status()).as("its own write, read back").isEqualTo(404);
    }

    /** A page of a list is kept like a view: until a write changes its list's head, a chunk or one of its items. */
    @Test
    void aListPageIsAnsweredAgainUntilAWriteChangesWhatItRead() {
        String id = createItem("Quinces", null);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String page;
        while (true) {
            page = "/trade-items?limit=1&page=" + http.get("/trade-items?limit=1").header("X-Total-Count");
            assertThat(http.get(page).json().get(0).get("id").asText()).as("the newest item, last").isEqualTo(id);
            behindTheProjectionsBack(id, "Drifted");
            Fixtures.createTag(http, unique("MOVE")); // another read model's write
            if (http.get(page).json().get(0).get("name").asText().equals("Quinces")) {
                break; // answered from the cache: MongoDB says otherwise
            }
            behindTheProjectionsBack(id, "Quinces"); // another test's write to the list: try again
            assertThat(System.nanoTime()).as("a page answered from the cache").isLessThan(deadline);
        }

        createItem("Another", null); // the list's head is written: the page reads its items afresh
        assertThat(http.get(page).json().get(0).get("name").asText()).isEqualTo("Drifted");
    }

    @Test
    void aWriteIsReadBackAtOnceThoughItsViewWasKept() {
        JsonNode tag = Fixtures.createTag(http, unique("CACHE"));
        String id = createItem("Pears", tag.get("code").asText());
        http.get("/trade-items/" + id);
        String etag = http.get("/trade-items/" + id).header("ETag");

        assertThat(http.delete("/trade-item-tags/" + tag.get("id").asText()).status()).isEqualTo(200);

        Http.Response read = http.get("/trade-items/" + id);
        assertThat(read.json().at("/tradeItemTag/deleted").asBoolean()).isTrue();
        assertThat(read.header("ETag")).isNotEqualTo(etag);

        assertThat(http.delete("/trade-items/" + id).status()).isEqualTo(204);
        assertThat(http.get("/trade-items/" + id).status()).isEqualTo(404);
    }

    @Test
    void aRebuiltReadModelIsReadAfresh() {
        String id = createItem("Plums", null);
        behindTheProjectionsBack(id, "Drifted");
        // a write of the whole collection through the service's own client: every view of a trade item goes
        traceloom.bean(MongoTemplate.class).updateMulti(query(where("name").is("no such name")),
                Update.update("name", "none"), "trade_items");
        assertThat(http.get("/trade-items/" + id).json().get("name").asText()).isEqualTo("Drifted");
        assertThat(http.get("/trade-items/" + id).json().get("name").asText()).isEqualTo("Drifted");

        assertThat(http.send("POST", "/actuator/projections/trade-items", null, BodyPublishers.noBody()).status())
                .isEqualTo(202);
        awaitRebuilt("/actuator/projections/trade-items");

        assertThat(http.get("/trade-items/" + id).json().get("name").asText()).as("rebuilt from its events")
                .isEqualTo("Plums");
    }

    private static String createItem(String name, String tagCode) {
        Http.Response created = http.post("/trade-items", "{\"name\":\"" + name + "\""
                + (tagCode == null ? "" : ",\"tradeItemTag\":\"" + tagCode + "\"") + "}");
        assertThat(created.status()).isEqualTo(201);
        return created.json().get("id").asText();
    }

    private static void behindTheProjectionsBack(String id, String name) {
        tradeItems.updateOne(Filters.eq("_id", id), Updates.set("name", name));
    }

    private static void awaitRebuilt(String projection) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (http.get(projection).json().get("replaying").asBoolean()) {
            assertThat(System.nanoTime()).as("the rebuild finished in time").isLessThan(deadline);
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
