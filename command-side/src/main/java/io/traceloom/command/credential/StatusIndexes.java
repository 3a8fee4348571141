package io.traceloom.command.credential;

import io.traceloom.command.credential.StatusLists.Block;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Hands out status list entries to the credentials this process issues. Positions come from the tenant's
 * {@link StatusLists} in blocks, so that issuances do not queue on one aggregate (its lock would be held
 * through signing and the durable commit of every one of them): the aggregate is loaded once a block, and
 * the positions of the block are given out from memory. Positions still in memory when the process stops
 * are never used; none is used twice.
 */
@Component
public class StatusIndexes {

    /** Positions reserved at once: a larger block queues less, and loses more on a stop. */
    static final int BLOCK = 64;

    private final Repository<StatusLists> lists;
    private final Map<String, Deque<Slot>> pools = new ConcurrentHashMap<>();

    public StatusIndexes(Repository<StatusLists> lists) {
        this.lists = lists;
    }

    /** An entry of a status list: the list's id, the index in it, the list's purpose. */
    public record Slot(String listId, int index, String purpose) {
    }

    /**
     * An entry for a credential issued in the current unit of work. A refused issuance gives it back; one
     * that took a new block gives back the whole block by not recording it.
     */
    public Slot take(String tenantId, String issuer) throws Exception {
        Deque<Slot> pool = pools.computeIfAbsent(tenantId, tenant -> new ArrayDeque<>());
        Slot slot = poll(pool);
        if (slot != null) {
            return slot;
        }
        // locked until this unit of work ends; another issuance may have refilled the pool meanwhile
        Aggregate<StatusLists> aggregate = lists.loadOrCreate(StatusLists.idFor(tenantId), StatusLists::new);
        slot = poll(pool);
        if (slot != null) {
            return slot;
        }
        Block block = aggregate.invoke(statusLists -> statusLists.reserve(tenantId, issuer, BLOCK));
        CurrentUnitOfWork.get().afterCommit(unitOfWork -> {
            synchronized (pool) {
                for (long position = block.first() + 1; position < block.first() + block.count(); position++) {
                    pool.addLast(slot(block, position));
                }
            }
        });
        return slot(block, block.first());
    }

    private static Slot slot(Block block, long position) {
        return new Slot(block.list().listId(), block.list().indexAt(position), block.list().purpose());
    }

    private static Slot poll(Deque<Slot> pool) {
        Slot slot;
        synchronized (pool) {
            slot = pool.pollFirst();
        }
        if (slot != null && CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().onRollback(unitOfWork -> {
                synchronized (pool) {
                    pool.addFirst(slot);
                }
            });
        }
        return slot;
    }
}
