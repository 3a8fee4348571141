package io.traceloom.api.readmodel;

import com.mongodb.event.CommandFailedEvent;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import com.mongodb.event.CommandSucceededEvent;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Follows the commands this process sends to MongoDB, for the {@link ViewCache}: what a view's query read, recorded
 * on the thread that runs the query (the query bus answers in the caller's thread; a handler that answered on another
 * would record nothing, and its view would not be kept), and what every write changed, told once MongoDB has answered
 * it, so that a view read before the write is known to be stale by then.
 *
 * <p>Registered on the process's MongoDB client ({@link ReadModelWebConfiguration}); knows no read model.
 */
public final class ReadModelCommands implements CommandListener {

    private final ThreadLocal<Touched.Builder> recording = new ThreadLocal<>();
    private final Map<Integer, Touched> writing = new ConcurrentHashMap<>();
    private volatile Consumer<Touched> written;

    /** What {@link #reading} read, with its result. */
    record Read<R>(R result, Touched touched) {
    }

    /** Runs {@code query} on this thread, recording what the MongoDB commands it sends read. */
    <R> Read<R> reading(Supplier<R> query) {
        Touched.Builder outer = recording.get();
        Touched.Builder mine = new Touched.Builder();
        recording.set(mine);
        try {
            R result = query.get();
            return new Read<>(result, mine.build());
        } finally {
            if (outer == null) {
                recording.remove();
            } else {
                recording.set(outer.add(mine.build()));
            }
        }
    }

    /** From now on, tells {@code listener} what each write changed once MongoDB has answered it. */
    void whenWritten(Consumer<Touched> listener) {
        this.written = listener;
    }

    @Override
    public void commandStarted(CommandStartedEvent event) {
        if (recording.get() != null) {
            Touched read = told(() -> MongoCommands.readBy(event.getCommandName(), event.getDatabaseName(),
                    event.getCommand()));
            if (read != null) {
                read(read);
            }
        }
        if (written != null) {
            Touched write = told(() -> MongoCommands.writtenBy(event.getCommandName(), event.getDatabaseName(),
                    event.getCommand()));
            if (write != null) {
                writing.put(event.getRequestId(), write);
            }
        }
    }

    /**
     * What {@code parse} tells of a command. The driver logs and drops what a listener throws: a command not told
     * apart here counts as touching everything, rather than as touching nothing.
     */
    private static Touched told(Supplier<Touched> parse) {
        try {
            return parse.get();
        } catch (RuntimeException e) {
            return Touched.EVERYTHING;
        }
    }

    @Override
    public void commandSucceeded(CommandSucceededEvent event) {
        ended(event.getRequestId());
    }

    /** A write that failed may have changed some documents all the same (an ordered bulk write that stopped). */
    @Override
    public void commandFailed(CommandFailedEvent event) {
        ended(event.getRequestId());
    }

    private void ended(int requestId) {
        Touched write = writing.remove(requestId);
        if (write != null) {
            written(write);
        }
    }

    /** A command of this thread read {@code touched}: recorded if a query of {@link #reading} runs here. */
    void read(Touched touched) {
        Touched.Builder reads = recording.get();
        if (reads != null) {
            reads.add(touched);
        }
    }

    /** MongoDB has answered a command that wrote {@code touched}. */
    void written(Touched touched) {
        Consumer<Touched> listener = written;
        if (listener != null) {
            listener.accept(touched);
        }
    }
}
