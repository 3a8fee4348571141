package io.traceloom.command.partnertag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.axonframework.test.matchers.Matchers.andNoMore;
import static org.axonframework.test.matchers.Matchers.exactSequenceOf;
import static org.axonframework.test.matchers.Matchers.payloadsMatching;
import static org.hamcrest.Matchers.equalTo;

import io.traceloom.command.rejection.RejectionTranslator;
import io.traceloom.kernel.catalogue.TagInput;
import io.traceloom.kernel.catalogue.TagSetOutcome;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.partnertag.CreatePartnerTag;
import io.traceloom.kernel.partnertag.DeletePartnerTag;
import io.traceloom.kernel.partnertag.PartnerTagCreated;
import io.traceloom.kernel.partnertag.PartnerTagDeleted;
import io.traceloom.kernel.partnertag.PartnerTagRestored;
import io.traceloom.kernel.partnertag.PartnerTagUpdated;
import io.traceloom.kernel.partnertag.SetPartnerTags;
import java.util.List;
import java.util.Objects;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeMatcher;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of a tag catalogue, as partner tags use them: one tag at a time, and a whole set at once. */
class PartnerTagCatalogueTest {

    private static final String TENANT = "tenant-1";
    private static final PartnerTagCreated ACME = new PartnerTagCreated(TENANT, "tag-1", "ACME", "Acme", "Supplier");
    private static final PartnerTagCreated GLOBEX = new PartnerTagCreated(TENANT, "tag-2", "GLOBEX", "Globex", null);
    private static final PartnerTagCreated INITECH = new PartnerTagCreated(TENANT, "tag-3", "INITECH", "Initech", null);

    private AggregateTestFixture<PartnerTagCatalogue> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(PartnerTagCatalogue.class);
        fixture.registerCommandHandlerInterceptor(new RejectionTranslator());
    }

    private static SetPartnerTags set(TagInput... tags) {
        return new SetPartnerTags(TENANT, List.of(tags));
    }

    @Test
    void aTagIsCreatedUnderAFreeCode() {
        fixture.givenNoPriorActivity()
                .when(new CreatePartnerTag(TENANT, "tag-1", "ACME", "Acme", "Supplier"))
                .expectEvents(ACME);
    }

    @Test
    void aCodeIsUniqueEvenOnceDeleted() {
        fixture.given(ACME, new PartnerTagDeleted(TENANT, "tag-1"))
                .when(new CreatePartnerTag(TENANT, "tag-9", "ACME", "Acme again", null))
                .expectNoEvents()
                .expectException(CommandExecutionException.class)
                .expectExceptionDetails(Rejection.conflict("code", "A partner tag with code 'ACME' already exists (deleted)."));
    }

    @Test
    void deletingAnUnknownTagIsNotFoundAndADeletedOneChangesNothing() {
        fixture.given(ACME)
                .when(new DeletePartnerTag(TENANT, "tag-9"))
                .expectNoEvents()
                .expectExceptionDetails(Rejection.notFound("Partner tag 'tag-9' does not exist."));
        fixture.given(ACME, new PartnerTagDeleted(TENANT, "tag-1"))
                .when(new DeletePartnerTag(TENANT, "tag-1"))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aSetOnAnEmptyCatalogueCreatesEveryTagInItsOrder() {
        fixture.givenNoPriorActivity()
                .when(set(new TagInput("ACME", "Acme", "Supplier"), new TagInput("GLOBEX", "Globex", null)))
                .expectSuccessfulHandlerExecution()
                .expectEventsMatching(payloadsMatching(exactSequenceOf(
                        created("ACME", "Acme", "Supplier"),
                        created("GLOBEX", "Globex", null),
                        andNoMore())))
                .expectState(catalogue -> {
                    assertThat(catalogue.liveTag("ACME")).isPresent();
                    assertThat(catalogue.liveTag("GLOBEX")).isPresent();
                });
    }

    @Test
    void aSetUpdatesWhatChangedRecordsNothingForWhatDidNotAndDeletesWhatItLeavesOut() {
        fixture.given(ACME, GLOBEX, INITECH)
                .when(set(new TagInput("GLOBEX", "Globex Corp.", null), new TagInput("ACME", "Acme", "Supplier"),
                        new TagInput("HOOLI", "Hooli", "new")))
                .expectEventsMatching(payloadsMatching(exactSequenceOf(
                        equalTo(new PartnerTagUpdated(TENANT, "tag-2", "Globex Corp.", null)),
                        created("HOOLI", "Hooli", "new"),
                        equalTo(new PartnerTagDeleted(TENANT, "tag-3")),
                        andNoMore())))
                .expectResultMessagePayloadMatching(outcome(ids -> ids.size() == 4
                        && ids.get(0).equals("tag-2") && ids.get(1).equals("tag-1")
                        && !List.of("tag-1", "tag-2", "tag-3").contains(ids.get(2)) && ids.get(3).equals("tag-3")));
    }

    @Test
    void aDescriptionThatGoesAwayIsAChange() {
        fixture.given(ACME)
                .when(set(new TagInput("ACME", "Acme", null)))
                .expectEvents(new PartnerTagUpdated(TENANT, "tag-1", "Acme", null));
    }

    @Test
    void aSetThatChangesNothingRecordsNothing() {
        fixture.given(ACME, GLOBEX, new PartnerTagDeleted(TENANT, "tag-2"))
                .when(set(new TagInput("ACME", "Acme", "Supplier")))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents()
                .expectResultMessagePayload(new TagSetOutcome(List.of("tag-1")));
    }

    @Test
    void aDeletedCodeThatReappearsIsRestoredWithWhatTheSetSays() {
        fixture.given(ACME, new PartnerTagDeleted(TENANT, "tag-1"))
                .when(set(new TagInput("ACME", "Acme Inc.", "back")))
                .expectEvents(new PartnerTagRestored(TENANT, "tag-1", "Acme Inc.", "back"))
                .expectResultMessagePayload(new TagSetOutcome(List.of("tag-1")))
                .expectState(catalogue -> assertThat(catalogue.liveTag("ACME")).hasValueSatisfying(tag -> {
                    assertThat(tag.id()).isEqualTo("tag-1");
                    assertThat(tag.name()).isEqualTo("Acme Inc.");
                    assertThat(tag.version()).isEqualTo(2);
                }));
    }

    @Test
    void anEmptySetDeletesEveryLiveTag() {
        fixture.given(ACME, GLOBEX, new PartnerTagDeleted(TENANT, "tag-2"), INITECH)
                .when(set())
                .expectEvents(new PartnerTagDeleted(TENANT, "tag-1"), new PartnerTagDeleted(TENANT, "tag-3"))
                .expectResultMessagePayload(new TagSetOutcome(List.of("tag-1", "tag-3")));
    }

    @Test
    void anEmptySetOfATenantWithoutTagsRecordsNothing() {
        fixture.givenNoPriorActivity()
                .when(set())
                .expectSuccessfulHandlerExecution()
                .expectNoEvents()
                .expectResultMessagePayload(new TagSetOutcome(List.of()));
    }

    @Test
    void aCodeTwiceInOneSetIsRefusedNamingTheSecondAndChangesNothing() {
        fixture.given(ACME)
                .when(set(new TagInput("GLOBEX", "Globex", null), new TagInput("HOOLI", "Hooli", null),
                        new TagInput("GLOBEX", "Globex again", null)))
                .expectNoEvents()
                .expectException(CommandExecutionException.class)
                .expectExceptionDetails(Rejection.invalid("[2].code",
                        "repeats the code of [0]: a set names each code once"));
    }

    @Test
    void codesAreCaseSensitiveInASetToo() {
        fixture.given(ACME)
                .when(set(new TagInput("ACME", "Acme", "Supplier"), new TagInput("acme", "lower", null)))
                .expectEventsMatching(payloadsMatching(exactSequenceOf(
                        created("acme", "lower", null), andNoMore())));
    }

    /** A created tag of this content; its id is the catalogue's choice. */
    private static Matcher<Object> created(String code, String name, String description) {
        return new TypeSafeMatcher<>(Object.class) {
            @Override
            protected boolean matchesSafely(Object item) {
                return item instanceof PartnerTagCreated event && event.tenantId().equals(TENANT)
                        && event.tagId().matches("[0-9a-f-]{36}") && event.code().equals(code)
                        && event.name().equals(name) && Objects.equals(event.description(), description);
            }

            @Override
            public void describeTo(Description text) {
                text.appendText("PartnerTagCreated " + code + " " + name + " " + description);
            }
        };
    }

    private static Matcher<TagSetOutcome> outcome(java.util.function.Predicate<List<String>> ids) {
        return new TypeSafeMatcher<>(TagSetOutcome.class) {
            @Override
            protected boolean matchesSafely(TagSetOutcome item) {
                return ids.test(item.tagIds());
            }

            @Override
            public void describeTo(Description text) {
                text.appendText("the set's tag ids in answer order");
            }
        };
    }
}
