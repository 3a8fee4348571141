package io.traceloom.command.custody;

import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.message.Rejection;

/** One answer for every commission that cannot be consumed: unknown, withdrawn or consumed already. */
final class ConsumeRefusals {

    private ConsumeRefusals() {
    }

    static DomainRejectionException nothingToConsume(String identifier) {
        return new DomainRejectionException(Rejection.notFound(
                "There is no custody commission with identifier '" + identifier + "' to consume."));
    }
}
