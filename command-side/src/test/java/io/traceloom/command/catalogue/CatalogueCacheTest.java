package io.traceloom.command.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

class CatalogueCacheTest {

    @Test
    void aCatalogueStaysThroughGarbageCollections() {
        CatalogueCache cache = new CatalogueCache(10);
        WeakReference<Object> collected = cacheOnlyHeld(cache, "trade-item-tags:tenant-1");

        collectGarbageUntil(collected);

        assertThat(cache.<String, Object>get("trade-item-tags:tenant-1")).as("held only by the cache").isNotNull();
    }

    @Test
    void theLeastRecentlyUsedCatalogueGoesFirst() {
        CatalogueCache cache = new CatalogueCache(2);
        cache.put("a", "catalogue a");
        cache.put("b", "catalogue b");
        cache.get("a");

        cache.put("c", "catalogue c");

        assertThat(cache.containsKey("a")).isTrue();
        assertThat(cache.containsKey("b")).isFalse();
        assertThat(cache.containsKey("c")).isTrue();
        assertThat(cache.size()).isEqualTo(2);
    }

    private static WeakReference<Object> cacheOnlyHeld(CatalogueCache cache, String key) {
        Object catalogue = new StringBuilder("a catalogue");
        cache.put(key, catalogue);
        return new WeakReference<>(new Object()); // a witness that a collection cleared weak references
    }

    /** Full collections until an object held only weakly is gone (or enough tries). */
    private static void collectGarbageUntil(WeakReference<Object> witness) {
        for (int i = 0; i < 20 && witness.get() != null; i++) {
            System.gc();
        }
        assertThat(witness.get()).as("a collection cleared weak references").isNull();
    }
}
