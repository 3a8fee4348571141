package io.traceloom.kernel.idempotency;

/**
 * Why a command carrying a key was not executed. Travels as the details of Axon's
 * {@code CommandExecutionException}, like {@code Rejection}, so it stays a plain serializable record.
 *
 * @param response the recorded first answer, for {@link Kind#REPLAY}; else {@code null}
 */
public record IdempotencyRefusal(Kind kind, String message, RecordedResponse response) {

    public enum Kind {
        /** The key's request was answered: this is a retry, and gets that answer again. */
        REPLAY,
        /** The key's request made its change, but its answer is not recorded (yet), nor where the change is. */
        IN_PROGRESS,
        /**
         * The key's request made its change, but its answer is not recorded (yet: still being answered, or never,
         * after a crash or a failed record); {@code response} says where the change is read (a 202, its
         * {@code Location}, and the resource's id as its body).
         */
        MADE,
        /** The key was used for a different request. */
        KEY_REUSED
    }
}
