package io.traceloom.command.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.idempotency.ClaimIdempotencyKey;
import io.traceloom.kernel.idempotency.IdempotencyKeyClaimed;
import io.traceloom.kernel.idempotency.IdempotencyKeys;
import io.traceloom.kernel.idempotency.IdempotencyRefusal;
import io.traceloom.kernel.idempotency.IdempotentResponseRecorded;
import io.traceloom.kernel.idempotency.RecordIdempotentResponse;
import io.traceloom.kernel.idempotency.RecordedResponse;
import java.time.Instant;
import java.util.Map;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.test.matchers.Matchers;
import org.hamcrest.Matcher;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IdempotencyKeyTest {

    private static final String TENANT = "tenant-1";
    private static final RecordedResponse CREATED =
            new RecordedResponse(201, "http://localhost/trade-items/1", "\"0\"", "application/json", "{\"id\":\"1\"}");

    private AggregateTestFixture<IdempotencyKey> fixture;

    @BeforeEach
    void setUp() {
        fixture = new AggregateTestFixture<>(IdempotencyKey.class);
    }

    private static ClaimIdempotencyKey claim(String fingerprint, String attempt) {
        return new ClaimIdempotencyKey(TENANT, "key-1", fingerprint, attempt);
    }

    @Test
    void aNewKeyIsClaimed() {
        fixture.givenNoPriorActivity()
                .when(claim("body-a", "attempt-1"))
                .expectEvents(new IdempotencyKeyClaimed(TENANT, "key-1", "body-a", "attempt-1"));
    }

    @Test
    void theClaimingRequestsOtherCommandsShareIt() {
        fixture.givenCommands(claim("body-a", "attempt-1"))
                .when(claim("body-a", "attempt-1"))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
    }

    @Test
    void aRetryOfAnAnsweredRequestGetsTheFirstAnswer() {
        fixture.givenCommands(claim("body-a", "attempt-1"),
                        new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .when(claim("body-a", "attempt-2"))
                .expectNoEvents()
                .expectExceptionDetails(new IdempotencyRefusal(IdempotencyRefusal.Kind.REPLAY, "The first answer.",
                        CREATED));
    }

    /**
     * A key claimed before requests were fingerprinted by their meaning holds the fingerprint of the request's
     * bytes: a retry sends both of its own, and is the same request when either is the one recorded.
     */
    @Test
    void aKeyClaimedWithTheFingerprintOfTheBytesKnowsARetryOfThem() {
        fixture.givenCommands(claim("bytes-a", "attempt-1"),
                        new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .when(new ClaimIdempotencyKey(TENANT, "key-1", "json1:meaning-a", "bytes-a", "attempt-2"))
                .expectNoEvents()
                .expectExceptionDetails(new IdempotencyRefusal(IdempotencyRefusal.Kind.REPLAY, "The first answer.",
                        CREATED));
        fixture.givenCommands(new ClaimIdempotencyKey(TENANT, "key-1", "json1:meaning-a", "bytes-a", "attempt-1"),
                        new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .when(new ClaimIdempotencyKey(TENANT, "key-1", "json1:meaning-a", "bytes-b", "attempt-2"))
                .expectNoEvents()
                .expectExceptionDetails(new IdempotencyRefusal(IdempotencyRefusal.Kind.REPLAY, "The first answer.",
                        CREATED));
        fixture.givenCommands(claim("bytes-a", "attempt-1"),
                        new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .when(new ClaimIdempotencyKey(TENANT, "key-1", "json1:meaning-b", "bytes-b", "attempt-2"))
                .expectNoEvents()
                .expectExceptionDetails(refusal(IdempotencyRefusal.Kind.KEY_REUSED));
    }

    @Test
    void aRetryWhileTheFirstIsBeingAnsweredIsRefused() {
        fixture.givenCommands(claim("body-a", "attempt-1"))
                .when(claim("body-a", "attempt-2"))
                .expectNoEvents()
                .expectException(CommandExecutionException.class)
                .expectExceptionDetails(refusal(IdempotencyRefusal.Kind.IN_PROGRESS));
    }

    /**
     * A claim that knows where its change is read tells a retry so while no answer is recorded: the change is
     * committed with the claim, whether its request is still being answered or was lost before it recorded one.
     */
    @Test
    void aRetryOfAChangeWhoseAnswerIsNotRecordedIsToldWhereTheChangeIs() {
        ClaimIdempotencyKey first = new ClaimIdempotencyKey(TENANT, "key-1", "body-a", null, "attempt-1",
                "http://localhost/trade-items/1", "1");
        fixture.givenCommands(first)
                .when(claim("body-a", "attempt-2"))
                .expectNoEvents()
                .expectExceptionDetails(Matchers.predicate(details -> details instanceof IdempotencyRefusal refusal
                        && refusal.kind() == IdempotencyRefusal.Kind.MADE
                        && refusal.response().equals(new RecordedResponse(202, "http://localhost/trade-items/1", null,
                        null, "1"))));
        fixture.givenCommands(claim("body-a", "attempt-1"))
                .when(claim("body-a", "attempt-2"))
                .expectExceptionDetails(refusal(IdempotencyRefusal.Kind.IN_PROGRESS));
    }

    @Test
    void theKeyOfAnotherRequestIsNotReused() {
        fixture.givenCommands(claim("body-a", "attempt-1"),
                        new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .when(claim("body-b", "attempt-2"))
                .expectNoEvents()
                .expectExceptionDetails(refusal(IdempotencyRefusal.Kind.KEY_REUSED));
    }

    @Test
    void forAlmost24HoursTheKeyIsTaken() {
        Instant claimed = Instant.parse("2026-01-02T03:04:05Z");
        fixture.givenCurrentTime(claimed)
                .andGivenCommands(claim("body-a", "attempt-1"),
                        new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .andGivenCurrentTime(claimed.plus(IdempotencyKeys.LIFETIME).minusSeconds(1))
                .when(claim("body-b", "attempt-2"))
                .expectNoEvents()
                .expectExceptionDetails(refusal(IdempotencyRefusal.Kind.KEY_REUSED));
    }

    @Test
    void after24HoursTheKeyMayBeClaimedAgain() {
        Instant claimed = Instant.parse("2026-01-02T03:04:05Z");
        fixture.givenCurrentTime(claimed)
                .andGivenCommands(claim("body-a", "attempt-1"),
                        new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .andGivenCurrentTime(claimed.plus(IdempotencyKeys.LIFETIME).plusSeconds(1))
                .when(claim("body-b", "attempt-2"))
                .expectEvents(new IdempotencyKeyClaimed(TENANT, "key-1", "body-b", "attempt-2"));
    }

    @Test
    void onlyTheClaimingAttemptsFirstAnswerIsRecorded() {
        fixture.givenCommands(claim("body-a", "attempt-1"))
                .when(new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .expectEvents(new IdempotentResponseRecorded(TENANT, "key-1", "attempt-1", CREATED));
        fixture.givenCommands(claim("body-a", "attempt-1"))
                .when(new RecordIdempotentResponse(TENANT, "key-1", "attempt-2", CREATED))
                .expectSuccessfulHandlerExecution()
                .expectNoEvents();
        fixture.givenCommands(claim("body-a", "attempt-1"),
                        new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .when(new RecordIdempotentResponse(TENANT, "key-1", "attempt-1",
                        new RecordedResponse(500, null, null, null, null)))
                .expectNoEvents();
    }

    @Test
    void anUnclaimedKeyHasNoAnswerToRecord() {
        fixture.givenNoPriorActivity()
                .when(new RecordIdempotentResponse(TENANT, "key-1", "attempt-1", CREATED))
                .expectException(AggregateNotFoundException.class);
    }

    @Test
    void keysBelongToTheirTenant() {
        assertThat(IdempotencyKeys.aggregateId("tenant-1", "key-1"))
                .isNotEqualTo(IdempotencyKeys.aggregateId("tenant-2", "key-1"))
                .startsWith("idempotency-key:tenant-1:");
    }

    @Test
    void aCommandCarriesAClaimOnlyWithAllOfItsMetadata() {
        Object command = new ClaimlessCommand(TENANT);
        Map<String, String> metaData = Map.of(IdempotencyKeys.KEY, "key-1", IdempotencyKeys.FINGERPRINT, "f",
                IdempotencyKeys.ATTEMPT, "a");

        assertThat(IdempotencyKeys.claimIn(command, metaData)).contains(new ClaimIdempotencyKey(TENANT, "key-1", "f", "a"));
        Map<String, String> both = Map.of(IdempotencyKeys.KEY, "key-1", IdempotencyKeys.FINGERPRINT, "json1:f",
                IdempotencyKeys.BYTES_FINGERPRINT, "b", IdempotencyKeys.ATTEMPT, "a");
        assertThat(IdempotencyKeys.claimIn(command, both))
                .contains(new ClaimIdempotencyKey(TENANT, "key-1", "json1:f", "b", "a"));
        assertThat(IdempotencyKeys.claimIn(command, Map.of(IdempotencyKeys.KEY, "key-1"))).isEmpty();
        assertThat(IdempotencyKeys.claimIn(new RecordIdempotentResponse(TENANT, "key-1", "a", CREATED), metaData))
                .as("recording the answer claims nothing").isEmpty();
    }

    private static Matcher<Object> refusal(IdempotencyRefusal.Kind kind) {
        return Matchers.predicate(details -> details instanceof IdempotencyRefusal refusal
                && refusal.kind() == kind && refusal.response() == null);
    }

    private record ClaimlessCommand(String tenantId) implements io.traceloom.kernel.message.TenantScoped {
    }
}
