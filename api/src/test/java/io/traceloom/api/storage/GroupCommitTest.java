package io.traceloom.api.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GroupCommitTest {

    @Test
    void writersArrivingDuringAForceShareTheNextOne() throws Exception {
        CountDownLatch firstForceRuns = new CountDownLatch(1);
        CountDownLatch releaseFirstForce = new CountDownLatch(1);
        AtomicInteger forces = new AtomicInteger();
        GroupCommit groupCommit = new GroupCommit(() -> {
            if (forces.incrementAndGet() == 1) {
                firstForceRuns.countDown();
                releaseFirstForce.await();
            }
        }, "test-group-commit");
        ExecutorService writers = Executors.newFixedThreadPool(11);
        try {
            Future<?> first = writers.submit(groupCommit::await);
            assertThat(firstForceRuns.await(30, TimeUnit.SECONDS)).isTrue();
            List<Future<Integer>> later = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                later.add(writers.submit(() -> {
                    groupCommit.await();
                    return forces.get();
                }));
            }
            awaitWaiting(groupCommit, 11);
            releaseFirstForce.countDown();

            first.get(30, TimeUnit.SECONDS);
            for (Future<Integer> writer : later) {
                assertThat(writer.get(30, TimeUnit.SECONDS)).as("answered after the second force").isEqualTo(2);
            }
            assertThat(forces.get()).isEqualTo(2);
        } finally {
            writers.shutdownNow();
            groupCommit.close();
        }
    }

    @Test
    void everyWriterAnswersOnlyAfterAForceThatStartedAfterItsCommit() throws Exception {
        AtomicLong commits = new AtomicLong();
        AtomicLong durableThrough = new AtomicLong();
        AtomicInteger forces = new AtomicInteger();
        GroupCommit groupCommit = new GroupCommit(() -> {
            long covered = commits.get();
            forces.incrementAndGet();
            Thread.sleep(1);
            durableThrough.accumulateAndGet(covered, Math::max);
        }, "test-group-commit");
        ExecutorService writers = Executors.newFixedThreadPool(32);
        AtomicInteger early = new AtomicInteger();
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                done.add(writers.submit(() -> {
                    long mine = commits.incrementAndGet();
                    groupCommit.await();
                    if (durableThrough.get() < mine) {
                        early.incrementAndGet();
                    }
                }));
            }
            for (Future<?> writer : done) {
                writer.get(60, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
            groupCommit.close();
        }
        assertThat(early.get()).as("writers answered before a force covered their commit").isZero();
        assertThat(forces.get()).as("forces for 2,000 concurrent writes").isLessThan(2_000);
    }

    @Test
    void aFailedForceFailsItsWritersAndEveryLaterOne() {
        AtomicInteger forces = new AtomicInteger();
        GroupCommit groupCommit = new GroupCommit(() -> {
            if (forces.incrementAndGet() == 2) {
                throw new IOException("disk on fire");
            }
        }, "test-group-commit");
        try {
            groupCommit.await();
            assertThatThrownBy(groupCommit::await)
                    .isInstanceOf(DurableCommits.NotDurableException.class)
                    .hasRootCauseMessage("disk on fire");
            assertThatThrownBy(groupCommit::await).isInstanceOf(DurableCommits.NotDurableException.class);
            assertThat(forces.get()).as("no force is tried after a failed one").isEqualTo(2);
        } finally {
            groupCommit.close();
        }
    }

    /** A store that fails while nobody writes (closed under the service) is noticed by the idle force, once. */
    @Test
    void aFailedIdleForceIsToldOnceAndReported() throws Exception {
        List<Throwable> told = new java.util.concurrent.CopyOnWriteArrayList<>();
        CountDownLatch failed = new CountDownLatch(1);
        GroupCommit groupCommit = new GroupCommit(() -> {
            throw new IllegalStateException("the store has been closed");
        }, "test-group-commit", java.time.Duration.ofMillis(20), failure -> {
            told.add(failure);
            failed.countDown();
        });
        try {
            assertThat(failed.await(30, TimeUnit.SECONDS)).as("told of the failed idle force").isTrue();
            assertThat(groupCommit.failure()).get().extracting(Throwable::getMessage)
                    .isEqualTo("the store has been closed");
            assertThatThrownBy(groupCommit::await).isInstanceOf(DurableCommits.NotDurableException.class);
            Thread.sleep(100);
            assertThat(told).as("told once: no force is tried after a failed one").hasSize(1);
        } finally {
            groupCommit.close();
        }
    }

    @Test
    void afterCloseNoWriteIsAcknowledged() {
        GroupCommit groupCommit = new GroupCommit(() -> {
        }, "test-group-commit");
        groupCommit.await();
        groupCommit.close();

        assertThatThrownBy(groupCommit::await).isInstanceOf(DurableCommits.NotDurableException.class);
    }

    /** What the store writes on its own reaches the disk too, within the idle interval, with nobody waiting. */
    @Test
    void withAnIdleIntervalItForcesWithNobodyWaitingAndStillServesWriters() throws Exception {
        CountDownLatch threeForces = new CountDownLatch(3);
        GroupCommit groupCommit = new GroupCommit(threeForces::countDown, "test-group-commit",
                java.time.Duration.ofMillis(20), failure -> {
                });
        try {
            assertThat(threeForces.await(30, TimeUnit.SECONDS)).as("forced while idle").isTrue();
            long before = groupCommit.forces();
            groupCommit.await();
            assertThat(groupCommit.forces()).as("a writer still gets a force of its own").isGreaterThan(before);
        } finally {
            groupCommit.close();
        }
        long closedAt = groupCommit.forces();
        Thread.sleep(100);
        assertThat(groupCommit.forces()).as("no idle force once closed").isEqualTo(closedAt);
    }

    private static void awaitWaiting(GroupCommit groupCommit, int writers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (groupCommit.waiting() < writers) {
            assertThat(System.nanoTime()).as("writers waiting in time").isLessThan(deadline);
            Thread.sleep(5);
        }
    }
}
