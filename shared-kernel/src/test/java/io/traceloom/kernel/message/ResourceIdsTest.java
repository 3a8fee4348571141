package io.traceloom.kernel.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ResourceIdsTest {

    @Test
    void anIdIsAVersion7UuidInLowerCaseThatShowsTheMillisecondOfItsMaking() {
        long before = System.currentTimeMillis();
        String id = ResourceIds.next();
        long after = System.currentTimeMillis();

        UUID uuid = UUID.fromString(id);
        assertThat(uuid.version()).isEqualTo(7);
        assertThat(uuid.variant()).as("RFC 9562's variant").isEqualTo(2);
        assertThat(id).isEqualTo(uuid.toString()).matches("[0-9a-f-]{36}");
        assertThat(uuid.getMostSignificantBits() >>> 16).isBetween(before, after);
    }

    @Test
    void idsSortAsTheyWereMadeWithinAMillisecondTooAndDoNotRepeat() {
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            made.add(ResourceIds.next());
        }

        assertThat(made).isSorted().doesNotHaveDuplicates();
    }
}
