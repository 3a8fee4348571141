package io.traceloom.api.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.kernel.message.ResourceIds;
import java.util.UUID;
import org.axonframework.common.IdentifierFactory;
import org.axonframework.eventhandling.GenericEventMessage;
import org.junit.jupiter.api.Test;

class MessageIdsTest {

    @Test
    void axonIdentifiesMessagesInTheOrderTheyWereMade() {
        String earlier = ResourceIds.next();
        String event = GenericEventMessage.asEventMessage("an event").getIdentifier();

        assertThat(IdentifierFactory.getInstance()).isInstanceOf(MessageIds.class);
        assertThat(UUID.fromString(event).version()).isEqualTo(7);
        assertThat(event).isGreaterThan(earlier);
    }
}
