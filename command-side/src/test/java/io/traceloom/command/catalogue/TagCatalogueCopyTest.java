package io.traceloom.command.catalogue;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.partnertag.PartnerTagCatalogue;
import io.traceloom.command.tradeitemtag.TradeItemTagCatalogue;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A catalogue's snapshot is {@link TagCatalogue#copy()}, which copies the fields {@link TagCatalogue} declares: a
 * catalogue that kept state of its own would lose it in every snapshot, and decide otherwise once loaded from one.
 */
class TagCatalogueCopyTest {

    private static final List<Class<? extends TagCatalogue>> CATALOGUES =
            List.of(TradeItemTagCatalogue.class, PartnerTagCatalogue.class);

    @Test
    void noCatalogueKeepsStateOfItsOwn() {
        for (Class<? extends TagCatalogue> catalogue : CATALOGUES) {
            assertThat(Arrays.stream(catalogue.getDeclaredFields())
                    .filter(field -> !Modifier.isStatic(field.getModifiers()))
                    .map(Field::getName))
                    .as("%s's own fields, which a snapshot would not copy", catalogue.getSimpleName())
                    .isEmpty();
        }
    }
}
