package io.traceloom.command.tradeitemtag;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.catalogue.TagSetOutcome;
import io.traceloom.kernel.catalogue.TagSnapshot;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import io.traceloom.kernel.tradeitemtag.DeleteTradeItemTag;
import io.traceloom.kernel.tradeitemtag.TradeItemTagCreated;
import io.traceloom.kernel.tradeitemtag.SetTradeItemTags;
import io.traceloom.kernel.tradeitemtag.TradeItemTagDeleted;
import io.traceloom.kernel.tradeitemtag.TradeItemTagRestored;
import io.traceloom.kernel.tradeitemtag.TradeItemTagUpdated;
import java.util.List;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TradeItemTagCatalogueTest {

    private static final String TENANT = "tenant-1";
    private static final TradeItemTagCreated ORGANIC =
            new TradeItemTagCreated(TENANT, "tag-1", "ORG", "Organic", "EU organic");
    private static final TradeItemTagCreated FAIR_TRADE =
            new TradeItemTagCreated(TENANT, "tag-2", "FT", "Fair trade", null);

    private AggregateTestFixture<TradeItemTagCatalogue> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(TradeItemTagCatalogue.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
    }

    @Test
    void theFirstTagOfATenantStartsItsCatalogue() {
        fixture.givenNoPriorActivity()
                .when(new CreateTradeItemTag(TENANT, "tag-1", "ORG", "Organic", "EU organic"))
                .expectSuccessfulHandlerExecution()
                .expectEvents(ORGANIC);
    }

    @Test
    void aFurtherTagJoinsTheCatalogue() {
        fixture.given(ORGANIC)
                .when(new CreateTradeItemTag(TENANT, "tag-2", "FT", "Fair trade", null))
                .expectEvents(new TradeItemTagCreated(TENANT, "tag-2", "FT", "Fair trade", null));
    }

    @Test
    void aCodeIsUniqueWithinTheTenant() {
        fixture.given(ORGANIC)
                .when(new CreateTradeItemTag(TENANT, "tag-2", "ORG", "Other", null))
                .expectNoEvents()
                .expectException(CommandExecutionException.class)
                .expectExceptionDetails(Rejection.conflict("code", "A trade item tag with code 'ORG' already exists."));
    }

    @Test
    void aDeletedTagKeepsItsCode() {
        fixture.given(ORGANIC, new TradeItemTagDeleted(TENANT, "tag-1"))
                .when(new CreateTradeItemTag(TENANT, "tag-2", "ORG", "Organic again", null))
                .expectNoEvents()
                .expectExceptionDetails(
                        Rejection.conflict("code", "A trade item tag with code 'ORG' already exists (deleted)."));
    }

    @Test
    void codesAreCaseSensitive() {
        fixture.given(ORGANIC)
                .when(new CreateTradeItemTag(TENANT, "tag-2", "org", "lower case", null))
                .expectEvents(new TradeItemTagCreated(TENANT, "tag-2", "org", "lower case", null));
    }

    @Test
    void deletingATagSoftDeletesIt() {
        fixture.given(ORGANIC)
                .when(new DeleteTradeItemTag(TENANT, "tag-1"))
                .expectEvents(new TradeItemTagDeleted(TENANT, "tag-1"));
    }

    @Test
    void deletingADeletedTagChangesNothing() {
        fixture.given(ORGANIC, new TradeItemTagDeleted(TENANT, "tag-1"))
                .when(new DeleteTradeItemTag(TENANT, "tag-1"))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void deletingAnUnknownTagIsNotFound() {
        fixture.given(ORGANIC)
                .when(new DeleteTradeItemTag(TENANT, "tag-9"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Trade item tag 'tag-9' does not exist."));
    }

    @Test
    void deletingInATenantWithoutTagsIsNotFound() {
        fixture.givenNoPriorActivity()
                .when(new DeleteTradeItemTag(TENANT, "tag-1"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("The resource does not exist."));
    }

    /** The rules of a set are the catalogue's (see PartnerTagCatalogueTest); here, that these are its events. */
    @Test
    void aSetRecordsTradeItemTagEvents() {
        fixture.given(ORGANIC, FAIR_TRADE, new TradeItemTagDeleted(TENANT, "tag-2"))
                .when(new SetTradeItemTags(TENANT, List.of(new TagInput("FT", "Fair trade", "back"))))
                .expectEvents(new TradeItemTagRestored(TENANT, "tag-2", "Fair trade", "back"),
                        new TradeItemTagDeleted(TENANT, "tag-1"))
                .expectResultMessagePayload(new TagSetOutcome(List.of("tag-2", "tag-1")));
        fixture.given(ORGANIC)
                .when(new SetTradeItemTags(TENANT, List.of(new TagInput("ORG", "Organic!", "EU organic"))))
                .expectEvents(new TradeItemTagUpdated(TENANT, "tag-1", "Organic!", "EU organic"))
                .expectState(catalogue -> assertThat(catalogue.liveTag("ORG").orElseThrow().name()).isEqualTo("Organic!"));
    }

    @Test
    void onlyLiveTagsCanBeUsed() {
        fixture.given(ORGANIC, FAIR_TRADE)
                .when(new DeleteTradeItemTag(TENANT, "tag-1"))
                .expectState(catalogue -> {
                    assertThat(catalogue.liveTag("ORG")).isEmpty();
                    assertThat(catalogue.liveTag("NOPE")).isEmpty();
                    TagSnapshot fairTrade = catalogue.liveTag("FT").orElseThrow();
                    assertThat(fairTrade.id()).isEqualTo("tag-2");
                    assertThat(fairTrade.name()).isEqualTo("Fair trade");
                    assertThat(fairTrade.version()).isEqualTo(1);
                });
    }
}
