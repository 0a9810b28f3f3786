package io.relaymq.broker.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Keeps CONFORMANCE.md honest: each row names a test that exists (or says why there is none), and every
 * normative statement the spec tests cite has a row.
 */
class ConformanceTableTest {

    private static final Path TESTS = Path.of("src/test/java/io/relaymq/broker");
    private static final Path TABLE = TESTS.resolve("spec/CONFORMANCE.md");
    private static final Pattern STATEMENT = Pattern.compile("\\[MQTT-\\d+[.-]\\d+(?:\\.\\d+)?-\\d+\\]");
    private static final Pattern METHOD_REF = Pattern.compile("`([a-z0-9.]+\\.[A-Z]\\w*)#(\\w+)`");
    private static final Pattern CASE_REF = Pattern.compile("`transport\\.MalformedPacketTest\\[\"(.+?)\"\\]`");

    record Row(String statement, String coveredBy) {}

    @Test
    void everyRowNamesATestOrSaysWhyThereIsNone() throws IOException {
        List<Row> rows = rows();
        assertThat(rows).hasSizeGreaterThan(200);
        for (Row row : rows) {
            boolean referencesATest = METHOD_REF.matcher(row.coveredBy()).find()
                    || CASE_REF.matcher(row.coveredBy()).find();
            assertThat(referencesATest
                            || row.coveredBy().startsWith("none:")
                            || row.coveredBy().startsWith("gap:"))
                    .as("row %s names a test or says none:/gap:", row.statement())
                    .isTrue();
        }
    }

    @Test
    void everyNamedTestMethodExists() throws Exception {
        for (Row row : rows()) {
            Matcher m = METHOD_REF.matcher(row.coveredBy());
            while (m.find()) {
                Class<?> type = Class.forName("io.relaymq.broker." + m.group(1));
                String method = m.group(2);
                assertThat(Arrays.stream(type.getDeclaredMethods())
                                .filter(ConformanceTableTest::isTest)
                                .map(Method::getName))
                        .as("%s: test %s#%s", row.statement(), m.group(1), method)
                        .contains(method);
            }
        }
    }

    @Test
    void everyNamedMalformedPacketCaseExists() throws Exception {
        Set<String> cases = malformedPacketCases();
        for (Row row : rows()) {
            Matcher m = CASE_REF.matcher(row.coveredBy());
            while (m.find()) {
                assertThat(cases)
                        .as("%s: MalformedPacketTest case", row.statement())
                        .contains(m.group(1));
            }
        }
    }

    @Test
    void everyStatementCitedInTheSpecTestsHasARow() throws IOException {
        Set<String> listed = rows().stream().map(Row::statement).collect(Collectors.toSet());
        Set<String> cited = new TreeSet<>();
        for (Path source : specTestSources()) {
            Matcher m = STATEMENT.matcher(Files.readString(source));
            while (m.find()) {
                cited.add(m.group());
            }
        }
        assertThat(cited).isNotEmpty();
        assertThat(listed).containsAll(cited);
    }

    private static boolean isTest(Method method) {
        return method.isAnnotationPresent(Test.class) || method.isAnnotationPresent(ParameterizedTest.class);
    }

    private static List<Path> specTestSources() throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> spec = Files.walk(TESTS.resolve("spec"))) {
            spec.filter(p -> p.toString().endsWith("Test.java")).forEach(sources::add);
        }
        sources.add(TESTS.resolve("security/SpecLetterTest.java"));
        sources.add(TESTS.resolve("transport/MalformedPacketTest.java"));
        return sources;
    }

    /** The table rows: statement in the second column, the test reference in the last. */
    private static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(TABLE)) {
            if (!line.startsWith("| ")) {
                continue;
            }
            String[] cells = line.substring(1, line.length() - 1).split(" \\| ", 4);
            if (cells.length == 4 && STATEMENT.matcher(cells[1].trim()).matches()) {
                rows.add(new Row(cells[1].trim(), cells[3].trim()));
            }
        }
        return rows;
    }

    @SuppressWarnings("unchecked")
    private static Set<String> malformedPacketCases() throws Exception {
        Class<?> test = Class.forName("io.relaymq.broker.transport.MalformedPacketTest");
        Method cases = test.getDeclaredMethod("cases");
        cases.setAccessible(true);
        try (Stream<Arguments> arguments = (Stream<Arguments>) cases.invoke(null)) {
            return arguments.map(a -> (String) a.get()[0]).collect(Collectors.toSet());
        }
    }
}
