package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.WireSamples;
import org.junit.jupiter.api.Test;

/** The session id travels with a session's record and with the disconnect and remove commands. */
class SessionIdTest {

    private static final String ID = "0b6f3c1e-8d2a-4f5b-9c7e-1a2b3c4d5e6f";

    private static SessionDetails withId(String sessionId) {
        SessionDetails d = WireSamples.details();
        return new SessionDetails(
                d.clientType(),
                d.clientIp(),
                d.protocolVersion(),
                d.cleanStart(),
                d.connectedAt(),
                d.disconnectedAt(),
                d.principal(),
                30,
                sessionId);
    }

    @Test
    void theRecordCarriesTheSessionIdAndADisconnectKeepsIt() {
        SessionInfo info = new SessionInfo("node-a", true, 600, withId(ID), 3);

        SessionInfo read = SessionInfo.decode(info.encode());

        assertThat(read.details().sessionId()).isEqualTo(ID);
        assertThat(read.details().withDisconnectedAt(5).sessionId()).isEqualTo(ID);
    }

    @Test
    void aRecordWithoutASessionIdReadsAsEmpty() {
        assertThat(SessionInfo.decode(WireSamples.sessionInfo().encode())
                        .details()
                        .sessionId())
                .isEmpty();
        assertThat(withId(null).sessionId()).isEmpty();
    }

    @Test
    void aCommandForOneSessionMatchesOnlyThatSession() {
        SessionCommand remove = SessionCommand.decode(
                "c", SessionCommand.of(SessionCommand.Kind.REMOVE, ID).encode());
        SessionCommand disconnect = SessionCommand.decode(
                "c", SessionCommand.of(SessionCommand.Kind.DISCONNECT, ID).encode());

        assertThat(remove.kind()).isEqualTo(SessionCommand.Kind.REMOVE);
        assertThat(remove.sessionId()).isEqualTo(ID);
        assertThat(disconnect.sessionId()).isEqualTo(ID);
        assertThat(remove.isFor(ID)).isTrue();
        assertThat(remove.isFor("another")).isFalse();
        assertThat(remove.isFor("")).isFalse();
    }

    @Test
    void aCommandWithoutASessionIdMatchesAnySession() {
        SessionCommand any = SessionCommand.decode(
                "c", SessionCommand.of(SessionCommand.Kind.DISCONNECT).encode());

        assertThat(any.sessionId()).isEmpty();
        assertThat(any.isFor(ID)).isTrue();
        assertThat(any.isFor("")).isTrue();
    }
}
