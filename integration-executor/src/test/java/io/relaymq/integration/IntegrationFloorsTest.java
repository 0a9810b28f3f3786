package io.relaymq.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The module's packages stand in floors and use only floors below their own. Top to bottom: the Spring
 * wiring ({@code io.relaymq.integration}), {@code executor}, the target implementations ({@code target.http}
 * and any other {@code target.*}, which do not use each other), {@code target} (the contracts) beside
 * {@code target.config} (the checked reading of configurations the implementations share), {@code model}.
 */
class IntegrationFloorsTest {

    private static final String ROOT = "io.relaymq.integration";

    @Test
    void noPackageUsesAFloorAboveItsOwn() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
        assertThat(classes).isNotEmpty();

        TreeSet<String> wrong = new TreeSet<>();
        for (JavaClass c : classes) {
            String from = relative(c.getPackageName());
            assertThat(floor(from))
                    .as("package %s has a floor", c.getPackageName())
                    .isNotNegative();
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getPackageName();
                if (!target.startsWith(ROOT)) {
                    continue;
                }
                String to = relative(target);
                if (!to.equals(from) && floor(to) <= floor(from)) {
                    wrong.add(c.getName() + " -> " + d.getTargetClass().getName());
                }
            }
        }
        assertThat(wrong).as("dependencies that do not go down a floor").isEmpty();
    }

    private static String relative(String pkg) {
        return pkg.equals(ROOT) ? "" : pkg.substring(ROOT.length() + 1);
    }

    private static int floor(String pkg) {
        if (pkg.isEmpty()) {
            return 0;
        }
        if (pkg.equals("executor")) {
            return 1;
        }
        if (pkg.equals("target") || pkg.equals("target.config")) {
            return 3;
        }
        if (pkg.startsWith("target.")) {
            return 2;
        }
        return pkg.equals("model") ? 4 : -1;
    }
}
