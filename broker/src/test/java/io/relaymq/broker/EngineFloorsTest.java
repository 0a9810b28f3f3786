package io.relaymq.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The broker's packages stand in floors (docs/architecture.md draws them): a package may use packages on the
 * floors below it and never one above, and no packages use each other in a circle. An interface therefore
 * lives beside the code that calls it, and the code that implements it sits higher. A new package must be
 * given its floor here.
 */
class EngineFloorsTest {

    private static final String BROKER = "io.relaymq.broker";

    /** Top to bottom. Packages on one floor do not use each other (the cycle rule below holds them to it). */
    static final List<List<String>> FLOORS = List.of(
            List.of("", "wiring"),
            List.of("api.security"),
            List.of("api.reset"),
            List.of(
                    "api.admin",
                    "api.appshared",
                    "api.blocked",
                    "api.cluster",
                    "api.credentials",
                    "api.integration",
                    "api.provider",
                    "api.retained",
                    "api.subscription",
                    "api.system",
                    "api.timeseries",
                    "api.unauthorized"),
            List.of("api.settings"),
            List.of("api.session"),
            List.of("api"),
            List.of("api.error", "api.page"),
            List.of("stats"),
            List.of("transport"),
            List.of("persistence.device", "integration"),
            List.of("persistence.application"),
            List.of("events"),
            List.of("routing"),
            List.of("connect", "publish", "subscribe"),
            List.of("auth"),
            List.of("auth.blocked"),
            List.of("auth.provider"),
            List.of("auth.lanes", "auth.scram"),
            List.of("retain"),
            List.of("cluster"),
            List.of("session"),
            List.of("limits"),
            List.of("redis"),
            List.of("node"),
            List.of("kafka", "postgres"),
            List.of("metrics", "auth.acl"),
            List.of("mqtt", "subscription"),
            List.of("topic"));

    private static JavaClasses broker;

    @BeforeAll
    static void importMainClasses() {
        broker = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(BROKER);
    }

    @Test
    void everyPackageHasAFloor() {
        TreeSet<String> without = new TreeSet<>();
        broker.forEach(c -> {
            if (floorOf(c).isEmpty()) {
                without.add(c.getPackageName());
            }
        });
        assertThat(without)
                .as("packages without a floor in EngineFloorsTest.FLOORS")
                .isEmpty();
    }

    @Test
    void noPackageUsesOneOnItsOwnFloorOrAbove() {
        List<String> upward = new ArrayList<>();
        for (JavaClass origin : broker) {
            int from = floorOf(origin).orElse(-1);
            for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                JavaClass target = dependency.getTargetClass();
                if (!target.getPackageName().startsWith(BROKER)) {
                    continue;
                }
                int to = floorOf(target).orElse(Integer.MAX_VALUE);
                boolean samePackage = target.getPackageName().equals(origin.getPackageName());
                if (from >= 0 && (to < from || to == from && !samePackage)) {
                    upward.add(dependency.getDescription());
                }
            }
        }
        assertThat(upward).as("dependencies on the same floor or a floor above").isEmpty();
    }

    @Test
    void packagesDoNotUseEachOtherInACircle() {
        SlicesRuleDefinition.slices()
                .matching(BROKER + ".(**)")
                .should()
                .beFreeOfCycles()
                .check(broker);
    }

    private static Optional<Integer> floorOf(JavaClass type) {
        String name = type.getPackageName();
        if (!name.startsWith(BROKER)) {
            return Optional.empty();
        }
        String relative = name.equals(BROKER) ? "" : name.substring(BROKER.length() + 1);
        for (int floor = 0; floor < FLOORS.size(); floor++) {
            if (FLOORS.get(floor).contains(relative)) {
                return Optional.of(floor);
            }
        }
        return Optional.empty();
    }
}
