package io.traceloom.api.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.traceloom.api.caller.Caller;
import io.traceloom.api.readmodel.ReadYourWrites;
import io.traceloom.kernel.message.ResourceIds;
import io.traceloom.kernel.tradeitem.CreateTradeItem;
import io.traceloom.kernel.tradeitemtag.CreateTradeItemTag;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import io.traceloom.query.processing.BackgroundProcessor;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.EventProcessingConfiguration;
import org.axonframework.eventhandling.StreamingEventProcessor;
import org.springframework.context.annotation.Profile;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Only with the {@code bench} profile (bench/run.sh), never otherwise. The bare GET and POST are the
 * ceilings every figure is compared with: the same server, filters and JSON handling, touching no store.
 * Seeding and the projection-lag probe run inside the service because over HTTP they would measure the
 * client, and read-your-writes hides the lag from clients by design. They use the service's messages
 * only, like any client of the command bus would. (The signing rate per core is measured apart, by
 * {@code CredentialCryptoBenchmark}, in a JVM of its own.)
 */
@RestController
@Profile("bench")
@RequestMapping(path = "/bench", produces = MediaType.APPLICATION_JSON_VALUE)
public class BenchmarkEndpoints {

    private static final Map<String, Object> CONSTANT = Map.of("id", "bench", "name", "ceiling", "count", 1);
    /** How long a seed may take, its projection included. */
    private static final Duration SEED_LIMIT = Duration.ofMinutes(15);
    private static final int SEED_STEP = 1000;

    private final CommandGateway commands;
    private final ReadYourWrites readYourWrites;
    private final EventProcessingConfiguration processing;
    private final List<BackgroundProcessor> background;

    public BenchmarkEndpoints(CommandGateway commands, ReadYourWrites readYourWrites,
                              EventProcessingConfiguration processing, List<BackgroundProcessor> background) {
        this.commands = commands;
        this.readYourWrites = readYourWrites;
        this.processing = processing;
        this.background = background;
    }

    @GetMapping("/bare")
    public Map<String, Object> bareGet() {
        return CONSTANT;
    }

    @PostMapping(path = "/bare", consumes = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<JsonNode> barePost(@RequestBody JsonNode body) {
        return ResponseEntity.status(HttpStatus.CREATED).body(body);
    }

    /**
     * What the service has spent since it started: its process's CPU time, and the bytes its live threads have
     * allocated (the counter JFR's {@code jdk.ThreadAllocationStatistics} reads). bench/run.sh takes the difference
     * over a measurement, divided by the requests answered.
     */
    @GetMapping("/costs")
    public Map<String, Object> costs() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocated = Arrays.stream(threads.getThreadAllocatedBytes(threads.getAllThreadIds()))
                .filter(bytes -> bytes > 0).sum();
        com.sun.management.OperatingSystemMXBean process =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return Map.of("cpuNanos", process.getProcessCpuTime(), "allocatedBytes", allocated);
    }

    /** Appends {@code items} trade items (tagged with {@code tag} when given), 8 writers at a time. */
    @PostMapping("/seed")
    public Map<String, Object> seed(Caller caller, @RequestParam int items,
                                    @RequestParam(required = false) String tag) throws Exception {
        return seed(items, i -> () -> commands.sendAndWait(
                new CreateTradeItem(caller.tenantId(), ResourceIds.next(), "Seeded item " + i, tag)));
    }

    /** Adds {@code tags} tags to the caller's tag catalogue (codes {@code SEED-<run>-<n>}), 8 writers at a time. */
    @PostMapping("/seed-tags")
    public Map<String, Object> seedTags(Caller caller, @RequestParam int tags) throws Exception {
        String run = HexFormat.of().toHexDigits((int) System.nanoTime());
        return seed(tags, i -> () -> commands.sendAndWait(new CreateTradeItemTag(caller.tenantId(),
                ResourceIds.next(), "SEED-" + run + "-" + i, "Seeded tag " + i, "Seeded by the benchmark")));
    }

    private Map<String, Object> seed(int count, IntFunction<Callable<Object>> write)
            throws Exception {
        long started = System.nanoTime();
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            // a thousand at a time: 200,000 tasks queued at once held 15 MB of the service's heap
            for (int from = 0; from < count; from += SEED_STEP) {
                List<Future<?>> written = new ArrayList<>();
                for (int i = from; i < Math.min(count, from + SEED_STEP); i++) {
                    written.add(writers.submit(write.apply(i)));
                }
                for (Future<?> done : written) {
                    done.get();
                }
            }
        } finally {
            writers.shutdown();
        }
        double appendSeconds = (System.nanoTime() - started) / 1e9;
        awaitProjected(started);
        return Map.of("count", count, "appendSeconds", appendSeconds,
                "projectedSeconds", (System.nanoTime() - started) / 1e9);
    }

    /**
     * Stops ({@code running=false}) or starts again the processors that are no projection (the audit log's appender),
     * so the cost of what they do beside writes is measured as writes with and without them; started again, they
     * catch up with what they missed.
     */
    @PostMapping("/background-processors")
    public Map<String, Object> backgroundProcessors(@RequestParam boolean running) {
        List<String> names = new ArrayList<>();
        for (BackgroundProcessor processor : background) {
            processing.eventProcessor(processor.name(), StreamingEventProcessor.class).ifPresent(found -> {
                if (running) {
                    found.start();
                } else {
                    found.shutDown();
                }
                names.add(processor.name());
            });
        }
        return Map.of("running", running, "processors", names);
    }

    /**
     * One write after another: the time from the command's success (its event committed) until every
     * read model shows it, in milliseconds.
     */
    @PostMapping("/projection-lag")
    public Map<String, Object> projectionLag(Caller caller, @RequestParam(defaultValue = "1000") int writes) {
        double[] lags = new double[writes];
        for (int i = 0; i < writes; i++) {
            commands.sendAndWait(new CreateTradeItem(caller.tenantId(), ResourceIds.next(),
                    "Lag probe " + i, null));
            long committed = System.nanoTime();
            readYourWrites.awaitCommitted();
            lags[i] = (System.nanoTime() - committed) / 1e6;
        }
        Arrays.sort(lags);
        return Map.of("writes", writes, "p50Ms", percentile(lags, 0.50), "p99Ms", percentile(lags, 0.99),
                "maxMs", lags[writes - 1]);
    }

    /**
     * Until every read model shows every event committed: one wait is bounded by the read-your-writes timeout,
     * and a large seed on a slow machine outlasts it (a run measured lists while the projection was still
     * adding 70,000 seeded items).
     */
    private void awaitProjected(long started) {
        while (!readYourWrites.awaitCommitted()) {
            if (System.nanoTime() - started > SEED_LIMIT.toNanos()) {
                throw new IllegalStateException("the read models did not show the seeded writes within " + SEED_LIMIT);
            }
        }
    }

    private static double percentile(double[] sorted, double fraction) {
        return sorted[(int) Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
    }
}
