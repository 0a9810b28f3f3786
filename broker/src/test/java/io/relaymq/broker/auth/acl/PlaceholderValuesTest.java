package io.relaymq.broker.auth.acl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PlaceholderValuesTest {

    private final PlaceholderValues values = new PlaceholderValues("dev-1", "alice", "meter.7");

    @Test
    void everyPlaceholderIsReplacedByItsValue() {
        assertThat(values.expand("${clientId}|${username}|${cn}")).contains("dev-1|alice|meter.7");
    }

    @Test
    void quotingAppliesToTheValuesOnly() {
        assertThat(values.expand("m/${cn}/.*", Pattern::quote)).contains("m/\\Qmeter.7\\E/.*");
    }

    @Test
    void anAbsentOrEmptyValueMakesTheWholeTextAbsent() {
        assertThat(new PlaceholderValues("c", null, null).expand("x/${username}"))
                .isEmpty();
        assertThat(new PlaceholderValues("c", "", null).expand("x/${username}")).isEmpty();
        assertThat(new PlaceholderValues("c", null, null).expand("x/${cn}")).isEmpty();
        assertThat(new PlaceholderValues("c", null, null).expand("x/${clientId}"))
                .contains("x/c");
    }

    @Test
    void unknownPlaceholdersAndReplacementCharactersStayLiteral() {
        assertThat(new PlaceholderValues("$1\\", null, null).expand("${other}/${clientId}"))
                .contains("${other}/$1\\");
    }

    @Test
    void aValueThatLooksLikeAPlaceholderIsNotExpandedAgain() {
        assertThat(new PlaceholderValues("${username}", "bob", null).expand("${clientId}:${username}"))
                .contains("${username}:bob");
    }
}
