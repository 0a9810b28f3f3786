package io.relaymq.broker.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReplicationRoleTest {

    @Test
    void aMasterTakesWrites() {
        ReplicationRole role = ReplicationRole.parse("# Replication\r\nrole:master\r\nconnected_slaves:1\r\n");
        assertThat(role.role()).isEqualTo("master");
        assertThat(role.master()).isTrue();
    }

    @Test
    void aReplicaOrAnAnswerWithoutARoleDoesNot() {
        assertThat(ReplicationRole.parse("# Replication\nrole:slave\nmaster_host:10.0.0.1\n")
                        .master())
                .isFalse();
        assertThat(ReplicationRole.parse("").role()).isEqualTo("unknown");
    }
}
