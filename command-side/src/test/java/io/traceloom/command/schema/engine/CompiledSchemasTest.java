package io.traceloom.command.schema.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The compiled schemas kept are bounded by what they weigh, not by how many they are: a compiled schema weighs up
 * to about 89 bytes a character of what it was compiled from (22 MB for a 256 KB schema), and a thousand of them
 * filled any heap.
 */
class CompiledSchemasTest {

    private static CompiledSchemas.Key key(String schema) {
        return new CompiledSchemas.Key("tenant", schema, 0);
    }

    private static CompiledSchemas.Entry entry(long characters) {
        return new CompiledSchemas.Entry(null, Map.of(), characters);
    }

    @Test
    void theLeastRecentlyUsedLeaveOnceTheKeptWouldWeighMoreThanTheCapacity() {
        CompiledSchemas schemas = new CompiledSchemas(150_000);
        schemas.put(key("one"), entry(600)); // 60,000 bytes as counted
        schemas.put(key("two"), entry(600));
        schemas.get(key("one"));
        schemas.put(key("three"), entry(600));

        assertThat(schemas.get(key("two"))).as("the least recently used").isNull();
        assertThat(schemas.get(key("one"))).isNotNull();
        assertThat(schemas.get(key("three"))).isNotNull();
        assertThat(schemas.weight()).isEqualTo(120_000);
    }

    @Test
    void aSchemaHeavierThanTheWholeCapacityIsNotKeptAndLeavesTheOthers() {
        CompiledSchemas schemas = new CompiledSchemas(150_000);
        schemas.put(key("one"), entry(600));
        schemas.put(key("huge"), entry(256 * 1024)); // its dependencies' characters count too

        assertThat(schemas.get(key("huge"))).isNull();
        assertThat(schemas.get(key("one"))).isNotNull();
        assertThat(schemas.weight()).isEqualTo(60_000);
    }

    @Test
    void aSchemaCompiledAgainReplacesItsOwnWeight() {
        CompiledSchemas schemas = new CompiledSchemas(150_000);
        schemas.put(key("one"), entry(600));
        schemas.put(key("one"), entry(100));

        assertThat(schemas.weight()).isEqualTo(10_000);
    }
}
