package io.traceloom.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The layout DESIGN.md gives the code, kept true. Four modules with one root package each; inside each,
 * packages by feature (the same names everywhere) and infrastructure in rooms named for what they hold.
 * Data flows one way: the API sends messages to the command and query sides, which know only the
 * shared kernel's language, never each other.
 */
class ArchitectureTest {

    private static final String KERNEL = "io.traceloom.kernel";
    private static final String COMMAND = "io.traceloom.command";
    private static final String QUERY = "io.traceloom.query";
    private static final String API = "io.traceloom.api";

    /**
     * The features of DESIGN.md: a feature reads top to bottom by opening its package in each module. They are
     * the features whose cases the shared suites run ({@link io.traceloom.api.support.Features}), one list.
     */
    static final Set<String> FEATURES = io.traceloom.api.support.Features.names();

    /**
     * The infrastructure rooms of each module. A new room is declared here, on purpose: it must hold one
     * kind of thing, and it may not know any feature. In the API, {@code openapi} holds the API document's
     * conventions (what every endpoint answers, from the rules of {@code http}): one place that every
     * endpoint's documentation follows, so a controller states only what is its own.
     * {@code idempotency}: Idempotency-Key for every POST, its messages in the kernel, the key's claim on
     * the command side, the HTTP filter in the API. {@code content} (API): bytes kept outside the event store,
     * addressed by their SHA-256 (a directory of the data directory, or GridFS), and what they are (media type
     * detection); the file feature names contents, the room knows no file.
     */
    static final Map<String, Set<String>> ROOMS = Map.of(
            KERNEL, Set.of("message", "catalogue", "idempotency",
                    // what every resource's history and the audit feed share: recorded events, how to ask for them
                    "history"),
            COMMAND, Set.of("config", "rejection", "idempotency",
                    // files under the data directory: owner-only, written atomically and durably
                    "storage",
                    // what every tag catalogue aggregate shares: its compact tags, snapshots, a cache that holds
                    "catalogue",
                    // what an aggregate's events say of it now, read without its lock for what only asks
                    "eventstore"),
            QUERY, Set.of("processing", "readmodel", "catalogue",
                    // reading the event store for auditors: a resource's events, its state as of an instant (its
                    // projection's own handlers rerun), the tenant's feed; each feature declares its resources
                    "history"),
            API, Set.of("http", "caller", "messaging", "readmodel", "config", "catalogue", "openapi",
                    "idempotency", "content",
                    // the typed settings (traceloom.*): the bottom of the graph, they know nothing else of the API
                    "settings",
                    // the problem+json model: problems, the exceptions that carry them, the log of refusals, the
                    // handlers that answer them, and one way to write one from a filter or a valve
                    "problem",
                    // the edge guards: what refuses a bad request before a handler reads it (ambiguous bodies,
                    // sizes, slow clients, encoded slashes, host names, query parameters, text, heavy requests)
                    "guard",
                    // the embedded default: the in-process MongoDB, the read models saved at a clean stop, the
                    // event store's lineage they are checked against
                    "embedded",
                    // the event store's durability: group commit, owner-only files of the embedded store
                    "storage",
                    // how a request is let in: the local and oidc modes, Spring Security's filter chain, which
                    // endpoints are public or operators' (marked on the endpoints themselves), 401/403 as
                    // problem+json; whether a caller's tenant admits it is asked through caller's CallerAdmission
                    "security",
                    // the answer every resource's GET .../{id}/history gives, asked of the query side
                    "history"));

    /**
     * The benchmark endpoints of bench/run.sh: a client of the features, through their messages (the kernel) only.
     * A harness, not the service: they live in the API's test sources (no package of the main code is theirs),
     * and bench/run.sh adds them to the class path of the service it starts.
     */
    private static final String BENCH = API + ".bench";

    /**
     * What the API may use of the command and query sides besides the kernel's messages: the settings the
     * command side declares (data directory, public base URL), how it keeps records that every process of a
     * deployment must share (issuer keys; the API provides a MongoDB for them), the query side's settings (how
     * long a claim on a projection's segment lasts, which the token store keeps), its progress reports, which
     * read-your-writes waits on, what operators see and do with projections (the failures they are stuck
     * at, the sequences parked, replays), the processors that are none, the audit feed, where the store holds
     * events (which the JDBC store tells the audit log's appender), and the credentials'
     * verification for the offline verifier of the audit log. Everything else reaches them through the command
     * and query buses.
     */
    private static final Set<String> ENTRY_POINTS = Set.of(
            COMMAND + ".config.CommandSideProperties",
            COMMAND + ".config.CommandSideProperties$Credentials",
            COMMAND + ".storage.WriteOnceRecords",
            COMMAND + ".storage.WriteOnceRecords$Shared",
            // files under the data directory, owner-only and whole or absent: the saved read models are written as
            // the issuer keys are
            COMMAND + ".storage.OwnerOnlyFiles",
            COMMAND + ".storage.OwnerOnlyFiles$Content",
            QUERY + ".processing.QuerySideProperties",
            QUERY + ".processing.ProjectionProgress",
            QUERY + ".processing.ProjectionFailures",
            QUERY + ".processing.ProjectionFailures$Failure",
            QUERY + ".processing.ProjectionRebuilds",
            QUERY + ".processing.ProjectionRebuilds$Progress",
            // the projections' dead-letter queues: what is parked (operators, read-your-writes), retry and evict
            QUERY + ".processing.DeadLetterQueues",
            QUERY + ".processing.DeadLetterQueues$ParkedSequence",
            QUERY + ".processing.ParkedSequences",
            QUERY + ".processing.ParkedSequences$Retried",
            // a processor that is no projection (the audit log's appender): no write waits for it
            QUERY + ".processing.BackgroundProcessor",
            // the audit feed streams a tenant's log from the store as it reads it (an export may be the whole log): no
            // query answer can carry that
            QUERY + ".audit.AuditLogFeed",
            QUERY + ".audit.AuditLogFeed$Filter",
            // where the JDBC store holds events, by identifier, for the audit log's appender: its tokens do not say
            // where an event committed late into a gap is
            QUERY + ".history.EventPositions",
            // the offline verifier of the audit log checks a checkpoint's signature with the credentials' own code,
            // without the service (no Spring, no bus)
            COMMAND + ".credential.OfflineVerification");

    /**
     * Only what marks a record as a message may come from Axon into the kernel. Not
     * {@code @TargetAggregateVersion}: Axon checks it while loading the aggregate, before the aggregate can
     * check the tenant, so another tenant would learn from a 412 that an id exists. Aggregates compare
     * expected versions themselves, after the tenant.
     */
    private static final Set<String> KERNEL_AXON = Set.of(
            "org.axonframework.modelling.command.TargetAggregateIdentifier",
            "org.axonframework.serialization.Revision");

    private static final Pattern MODULE_PACKAGE =
            Pattern.compile("^(io\\.traceloom\\.(?:kernel|command|query|api))(?:\\.([a-z0-9]+))?.*$");

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.traceloom");

    @Test
    void theClassesOfAllFourModulesAreChecked() {
        for (String module : List.of(KERNEL, COMMAND, QUERY, API)) {
            assertThat(CLASSES.stream().filter(c -> c.getPackageName().startsWith(module + ".")))
                    .as(module).isNotEmpty();
        }
    }

    @Test
    void everyPackageIsAFeatureOrANamedRoom() {
        Set<String> unknown = new TreeSet<>();
        for (JavaClass type : CLASSES) {
            Matcher matcher = MODULE_PACKAGE.matcher(type.getPackageName());
            if (!matcher.matches()) {
                unknown.add(type.getPackageName());
            } else if (matcher.group(2) != null && !FEATURES.contains(matcher.group(2))
                    && !ROOMS.get(matcher.group(1)).contains(matcher.group(2))) {
                unknown.add(type.getPackageName());
            }
        }
        assertThat(unknown).as("packages that are neither a feature of DESIGN.md nor a declared room").isEmpty();
    }

    /**
     * No package of a module imports another that imports it back, however far round: a package can be read,
     * moved and tested with what lies below it only. Each module's top-level packages (a feature, a room) are
     * one slice with their sub-packages.
     */
    @Test
    void noPackageCycles() {
        slices().matching("io.traceloom.(*).(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void theCommandAndQuerySidesNeverReferenceEachOther() {
        noClasses().that().resideInAPackage(COMMAND + "..")
                .should().dependOnClassesThat().resideInAPackage(QUERY + "..")
                .check(CLASSES);
        noClasses().that().resideInAPackage(QUERY + "..")
                .should().dependOnClassesThat().resideInAPackage(COMMAND + "..")
                .check(CLASSES);
    }

    @Test
    void nothingReachesBackFromTheSidesToTheApi() {
        noClasses().that().resideInAnyPackage(KERNEL + "..", COMMAND + "..", QUERY + "..")
                .should().dependOnClassesThat().resideInAPackage(API + "..")
                .check(CLASSES);
    }

    @Test
    void theApiUsesTheSidesOnlyThroughMessagesAndDeclaredEntryPoints() {
        DescribedPredicate<JavaClass> internals = DescribedPredicate.describe(
                "command-side or query-side code other than " + ENTRY_POINTS,
                type -> (type.getPackageName().startsWith(COMMAND + ".") || type.getPackageName().startsWith(QUERY + "."))
                        && !ENTRY_POINTS.contains(type.getName()));
        noClasses().that().resideInAPackage(API + "..")
                .should().dependOnClassesThat(internals)
                .check(CLASSES);
    }

    @Test
    void theKernelIsPlainJavaWithAxonsMessageAnnotationsOnly() {
        noClasses().that().resideInAPackage(KERNEL + "..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        COMMAND + "..", QUERY + "..", API + "..", "org.springframework..", "jakarta.persistence..")
                .check(CLASSES);
        noClasses().that().resideInAPackage(KERNEL + "..")
                .should().dependOnClassesThat(DescribedPredicate.describe("Axon beyond " + KERNEL_AXON,
                        type -> type.getPackageName().startsWith("org.axonframework")
                                && !KERNEL_AXON.contains(type.getName())))
                .check(CLASSES);
        noClasses().that().resideInAPackage(KERNEL + "..")
                .should().dependOnClassesThat(DescribedPredicate.describe("a library", type ->
                        !type.getPackageName().startsWith("java.") && !type.getPackageName().startsWith(KERNEL)
                                && !type.getPackageName().startsWith("org.axonframework") && !type.isPrimitive()
                                && !type.isArray()))
                .check(CLASSES);
    }

    @Test
    void roomsDoNotKnowFeatures() {
        for (String module : List.of(KERNEL, COMMAND, QUERY, API)) {
            for (String room : ROOMS.get(module)) {
                noClasses().that().resideInAPackage(module + "." + room + "..")
                        .should().dependOnClassesThat(inAnyFeature())
                        .check(CLASSES);
            }
        }
    }

    @Test
    void theBenchmarkUsesFeaturesOnlyThroughTheirMessages() {
        JavaClasses bench = new ClassFileImporter().importPackages(BENCH);
        assertThat(bench).as("the benchmark endpoints, in the test sources").isNotEmpty();
        noClasses().that().resideInAPackage(BENCH + "..")
                .should().dependOnClassesThat(DescribedPredicate.describe("a feature's API code",
                        type -> type.getPackageName().startsWith(API + ".") && !featureOf(type).isEmpty()))
                .check(bench);
    }

    @Test
    void aFeatureUsesAnotherOnlyThroughTheKernel() {
        for (String feature : FEATURES) {
            String[] own = {COMMAND + "." + feature + "..", QUERY + "." + feature + "..", API + "." + feature + ".."};
            if (CLASSES.stream().noneMatch(c -> featureOf(c).equals(feature))) {
                continue;
            }
            noClasses().that().resideInAnyPackage(own)
                    .should().dependOnClassesThat(DescribedPredicate.describe(
                            "another feature's command-side, query-side or API code",
                            type -> !type.getPackageName().startsWith(KERNEL + ".")
                                    && !featureOf(type).isEmpty() && !featureOf(type).equals(feature)))
                    .check(CLASSES);
        }
    }

    @Test
    void aggregatesLiveOnTheCommandSideAndProjectionsOnTheQuerySide() {
        classes().that().areAnnotatedWith("org.axonframework.spring.stereotype.Aggregate")
                .should().resideInAPackage(COMMAND + "..")
                .allowEmptyShould(true)
                .check(CLASSES);
        classes().that().areAnnotatedWith("org.axonframework.config.ProcessingGroup")
                .should().resideInAPackage(QUERY + "..")
                .allowEmptyShould(true)
                .check(CLASSES);
    }

    private static DescribedPredicate<JavaClass> inAnyFeature() {
        return DescribedPredicate.describe("a feature package", type -> !featureOf(type).isEmpty());
    }

    /** The feature a class belongs to, or "" for rooms, module roots and other libraries. */
    private static String featureOf(JavaClass type) {
        Matcher matcher = MODULE_PACKAGE.matcher(type.getPackageName());
        return matcher.matches() && matcher.group(2) != null && FEATURES.contains(matcher.group(2))
                ? matcher.group(2) : "";
    }
}
