package io.traceloom.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The engines of the command side live in named sub-packages of their feature and know nothing of it: a
 * credential's canonicalisation, proofs and data model rules, the JSON Schema validator, the template sandbox.
 * An engine is plain code over its inputs: it sends and handles no message, so it imports none of the kernel's
 * feature messages (commands, events, queries), no aggregate or handler of its feature, and no Axon. Its
 * feature uses it, never the other way round, so no package cycle can pass through it.
 */
class EngineArchitectureTest {

    private static final String COMMAND = "io.traceloom.command";
    private static final String KERNEL = "io.traceloom.kernel";

    /** The engines, each a sub-package of its feature's package on the command side. */
    static final List<String> ENGINES = List.of("credential.proof", "credential.model", "schema.engine",
            "canvas.sandbox");

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.traceloom");

    private static String[] enginePackages() {
        return ENGINES.stream().map(engine -> COMMAND + "." + engine + "..").toArray(String[]::new);
    }

    @Test
    void everyEngineHasItsPackage() {
        for (String engine : ENGINES) {
            assertThat(CLASSES.stream().anyMatch(type -> type.getPackageName().startsWith(COMMAND + "." + engine)))
                    .as("classes in %s.%s", COMMAND, engine).isTrue();
        }
    }

    @Test
    void enginesUseNoAxonAndNoSpring() {
        noClasses().that().resideInAnyPackage(enginePackages())
                .should().dependOnClassesThat().resideInAnyPackage("org.axonframework..", "org.springframework..")
                .because("an engine sends and handles no message and is no bean: its feature wires it")
                .check(CLASSES);
    }

    @Test
    void enginesUseNoFeatureMessages() {
        noClasses().that().resideInAnyPackage(enginePackages())
                .should().dependOnClassesThat(DescribedPredicate.describe(
                        "are in a feature package of the kernel (its commands, events, queries and views)",
                        type -> type.getPackageName().startsWith(KERNEL + ".")
                                && !type.getPackageName().startsWith(KERNEL + ".message")))
                .because("an engine knows nothing of the commands and events of its feature")
                .check(CLASSES);
    }

    @Test
    void enginesKnowNoFeature() {
        classes().that().resideInAnyPackage(enginePackages())
                .should(dependOnNoFeaturePackage())
                .because("a feature uses its engines, never the other way round: the aggregates, handlers and "
                        + "configuration stay in the feature's package")
                .check(CLASSES);
    }

    @Test
    void theCommandSideHasNoPackageCycles() {
        slices().matching(COMMAND + ".(**)").should().beFreeOfCycles().check(CLASSES);
    }

    /**
     * Of the command side, an engine may use its own feature's engines and the command side's settings
     * ({@code config}), nothing else: not its feature's package, not another feature's.
     */
    private static ArchCondition<JavaClass> dependOnNoFeaturePackage() {
        return new ArchCondition<>("depend on no package of the command side but engines and settings") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                for (Dependency dependency : type.getDirectDependenciesFromSelf()) {
                    String target = dependency.getTargetClass().getBaseComponentType().getPackageName();
                    if (!target.startsWith(COMMAND + ".") || target.startsWith(COMMAND + ".config")
                            || ENGINES.stream().anyMatch(engine -> target.equals(COMMAND + "." + engine)
                                    || target.startsWith(COMMAND + "." + engine + "."))) {
                        continue;
                    }
                    events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                }
            }
        };
    }
}
