package io.relaymq.broker.security;

import static io.relaymq.broker.auth.AuthClients.connect;
import static io.relaymq.broker.auth.AuthClients.subscribe;
import static io.relaymq.broker.security.PrincipalClients.PASSWORD;
import static io.relaymq.broker.security.PrincipalClients.unique;
import static io.relaymq.broker.security.PrincipalClients.user;
import static org.assertj.core.api.Assertions.assertThat;

import com.hivemq.client.mqtt.mqtt5.Mqtt5BlockingClient;
import com.hivemq.client.mqtt.mqtt5.message.connect.connack.Mqtt5ConnAckReasonCode;
import com.hivemq.client.mqtt.mqtt5.message.subscribe.suback.Mqtt5SubAckReasonCode;
import io.relaymq.broker.auth.AuthClients;
import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 3 of issue #18: joining a shared subscription is authorized by its whole text,
 * {@code $share/<group>/<filter>}, so a rule can name the group; a rule for the plain filter does not let
 * a client join (and drain) another application's group.
 */
@RelayMqNodeTest
class ShareNameAuthorizationIT {

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    private final AuthClients clients = new AuthClients();

    @AfterEach
    void close() {
        clients.closeAll();
    }

    private Mqtt5BlockingClient connected(String user) {
        Mqtt5BlockingClient client = clients.v5(unique("c"), server.boundPorts().get("tcp"), null);
        assertThat(connect(client, user, PASSWORD)).isEqualTo(Mqtt5ConnAckReasonCode.SUCCESS);
        return client;
    }

    @Test
    void aRuleForThePlainFilterDoesNotAllowJoiningAGroup() {
        String base = unique("share");
        String name = unique("plain");
        user(credentials, null, name, ClientType.DEVICE, "\".*\"", "\"" + base + "/.*\"");
        Mqtt5BlockingClient client = connected(name);
        assertThat(subscribe(client, base + "/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(subscribe(client, "$share/their-group/" + base + "/#"))
                .isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
    }

    @Test
    void aRuleNamingTheGroupAllowsThatGroupOnly() {
        String base = unique("share");
        String name = unique("team");
        user(credentials, null, name, ClientType.DEVICE, "\".*\"", "\"\\\\$share/team/" + base + "/.*\"");
        Mqtt5BlockingClient client = connected(name);
        assertThat(subscribe(client, "$share/team/" + base + "/#")).isEqualTo(Mqtt5SubAckReasonCode.GRANTED_QOS_1);
        assertThat(subscribe(client, "$share/other/" + base + "/#")).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
        assertThat(subscribe(client, base + "/#")).isEqualTo(Mqtt5SubAckReasonCode.NOT_AUTHORIZED);
    }
}
