package io.traceloom.kernel.history;

/**
 * An event that records how the service keeps a promise to clients (an idempotency key's claim and the answer
 * it replays), not something that happened to a tenant's data. It is in no resource's history and not in the
 * audit feed: the facts the request caused are there under their own aggregates, and this one may hold what a
 * client chose and would not want shown (its idempotency key).
 */
public interface Bookkeeping {
}
