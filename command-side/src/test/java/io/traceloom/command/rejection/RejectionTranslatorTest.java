package io.traceloom.command.rejection;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.traceloom.kernel.message.Rejection;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.common.lock.DeadlockException;
import org.axonframework.messaging.InterceptorChain;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.modelling.command.ConcurrencyException;
import org.junit.jupiter.api.Test;

/** What a command's failure becomes for its sender. */
class RejectionTranslatorTest {

    private final RejectionTranslator translator = new RejectionTranslator();
    private final UnitOfWork<CommandMessage<?>> unitOfWork =
            DefaultUnitOfWork.startAndGet(GenericCommandMessage.asCommandMessage("a command"));

    private Object handled(InterceptorChain chain) throws Exception {
        try {
            return translator.handle(unitOfWork, chain);
        } finally {
            unitOfWork.rollback();
        }
    }

    @Test
    void aRefusalTravelsAsTheDetailsOfTheFailure() {
        Rejection rejection = Rejection.conflict("code", "taken");
        assertThatThrownBy(() -> handled(() -> {
            throw new DomainRejectionException(rejection);
        })).isInstanceOf(CommandExecutionException.class)
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(
                        ((CommandExecutionException) e).getDetails()).contains(rejection));
    }

    /** Issue 26: two commands each waiting for what the other holds; the one that gave way lost a race. */
    @Test
    void aDetectedDeadlockIsALostRace() {
        assertThatThrownBy(() -> handled(() -> {
            throw new DeadlockException("An imminent deadlock was detected while attempting to acquire a lock");
        })).isInstanceOf(ConcurrencyException.class).hasCauseInstanceOf(DeadlockException.class);
    }
}
