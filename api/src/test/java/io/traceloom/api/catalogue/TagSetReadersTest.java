package io.traceloom.api.catalogue;

import static io.traceloom.api.support.OtherTenants.actingFor;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.support.Http;
import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.SharedTraceloom;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A set is one change for its readers too: a list read while sets replace the catalogue again and again shows
 * the catalogue before a set or after it, never part of one. Each set here swaps 70 tags for 70 others (140
 * events: more than one batch of a projection, and more than one bulk write), while a reader lists the
 * catalogue as fast as it can.
 */
class TagSetReadersTest {

    private static final int TAGS = 70;
    private static final int SETS = 12;

    private static Http http;

    @BeforeAll
    static void start() {
        http = SharedTraceloom.get().http();
    }

    @ParameterizedTest
    @ValueSource(strings = {"partner-tags", "trade-item-tags"})
    void aReaderListingDuringSetsSeesEachSetWholeOrNotAtAll(String collection) throws Exception {
        String[] tenant = actingFor(UUID.randomUUID().toString());
        String first = body("A", "first");
        String second = body("B", "second");
        assertThat(http.post("/" + collection + "/set", first, tenant).status()).isEqualTo(200);

        AtomicBoolean setting = new AtomicBoolean(true);
        List<String> mixed = new ArrayList<>();
        CompletableFuture<Integer> reader = CompletableFuture.supplyAsync(() -> {
            int reads = 0;
            while (setting.get() && mixed.isEmpty()) {
                Response list = http.get("/" + collection + "?limit=100", tenant);
                assertThat(list.status()).as(list.body()).isEqualTo(200);
                reads++;
                TreeSet<String> prefixes = new TreeSet<>();
                for (JsonNode tag : list.json()) {
                    prefixes.add(tag.get("code").asText().substring(0, 1) + ":" + tag.get("name").asText());
                }
                if (prefixes.size() != 1 || list.json().size() != TAGS
                        || !String.valueOf(TAGS).equals(list.header("X-Total-Count"))) {
                    mixed.add(list.json().size() + " tags of " + prefixes + ", X-Total-Count "
                            + list.header("X-Total-Count"));
                }
            }
            return reads;
        });
        try {
            for (int i = 0; i < SETS && mixed.isEmpty(); i++) {
                Response set = http.post("/" + collection + "/set", i % 2 == 0 ? second : first, tenant);
                assertThat(set.status()).as(set.body()).isEqualTo(200);
                assertThat(set.json().size()).isEqualTo(2 * TAGS);
            }
        } finally {
            setting.set(false);
        }
        int reads = reader.get(60, TimeUnit.SECONDS);
        assertThat(mixed).as("lists read during %s sets (%s reads)", SETS, reads).isEmpty();
    }

    /** {@value #TAGS} tags whose codes start with {@code prefix}, all named {@code name}. */
    private static String body(String prefix, String name) {
        StringBuilder body = new StringBuilder("[");
        for (int i = 0; i < TAGS; i++) {
            body.append(i == 0 ? "" : ",").append("{\"code\":\"").append(prefix).append(String.format("%02d", i))
                    .append("\",\"name\":\"").append(name).append("\"}");
        }
        return body.append("]").toString();
    }
}
