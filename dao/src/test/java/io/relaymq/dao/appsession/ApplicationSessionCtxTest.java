package io.relaymq.dao.appsession;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ApplicationSessionCtxTest {

    @Test
    void sentRecordsRoundTripThroughTheirTextForm() {
        List<ApplicationSessionCtx.Sent> sent =
                List.of(new ApplicationSessionCtx.Sent(41, 7), new ApplicationSessionCtx.Sent(9_000_000_000L, 65535));
        assertThat(ApplicationSessionCtx.read(ApplicationSessionCtx.write(sent)))
                .isEqualTo(sent);
        assertThat(ApplicationSessionCtx.read("")).isEmpty();
        assertThat(ApplicationSessionCtx.write(List.of())).isEmpty();
    }

    @Test
    void theSentMarkTravelsAmongThePubrelEntriesAndIsNotOneOfThem() {
        List<ApplicationSessionCtx.Sent> pubrels = List.of(new ApplicationSessionCtx.Sent(41, 7));
        String stored = ApplicationSessionCtx.writePubrels(new ApplicationSessionCtx("c", 1, List.of(), pubrels, 50));

        assertThat(ApplicationSessionCtx.read(stored)).isEqualTo(pubrels);
        assertThat(ApplicationSessionCtx.sentBelow(stored)).isEqualTo(50);
        assertThat(ApplicationSessionCtx.sentBelow(ApplicationSessionCtx.write(pubrels)))
                .as("written before the mark")
                .isEqualTo(-1);
        assertThat(ApplicationSessionCtx.writePubrels(new ApplicationSessionCtx("c", 1, List.of(), pubrels)))
                .isEqualTo(ApplicationSessionCtx.write(pubrels));
    }
}
