package io.traceloom.api.readmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Fixtures;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Read-your-writes when a write records nothing: a DELETE of a tag that a concurrent DELETE has just deleted
 * appends no event, yet its answer must show the deletion it found.
 */
class NoOpWritesTest {

    private static final int TAGS = 100;
    private static final int DELETES_PER_TAG = 4;

    @Test
    void aWriteThatAppendsNothingShowsWhatItFound() throws Exception {
        Http http = SharedTraceloom.get().http();
        List<String> tagIds = new ArrayList<>();
        for (int i = 0; i < TAGS; i++) {
            tagIds.add(Fixtures.createTag(http, SharedTraceloom.unique("NOOP")).get("id").asText());
        }

        ExecutorService clients = Executors.newFixedThreadPool(16);
        List<Future<Response>> answers = new ArrayList<>();
        try {
            for (String tagId : tagIds) {
                for (int i = 0; i < DELETES_PER_TAG; i++) {
                    answers.add(clients.submit(() -> http.delete("/trade-item-tags/" + tagId)));
                }
            }
            int stale = 0;
            for (Future<Response> answer : answers) {
                Response response = answer.get(60, TimeUnit.SECONDS);
                assertThat(response.status()).as(response.body()).isEqualTo(200);
                JsonNode tag = response.json();
                if (!tag.get("deleted").asBoolean()) {
                    stale++;
                }
            }
            assertThat(stale).as("answers of %d DELETEs that did not show the deletion", answers.size()).isZero();
        } finally {
            clients.shutdownNow();
        }
    }
}
