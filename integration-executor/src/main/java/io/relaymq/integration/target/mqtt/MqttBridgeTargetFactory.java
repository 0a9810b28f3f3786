package io.relaymq.integration.target.mqtt;

import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.TargetFactory;
import io.relaymq.integration.target.config.Checked;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.net.ssl.SSLSocketFactory;
import tools.jackson.databind.JsonNode;

/**
 * MQTT bridge integrations: each open target has one connection of its own to another broker (MQTT 3.1.1 or 5).
 * Opening does not connect; the first send does.
 */
public final class MqttBridgeTargetFactory implements TargetFactory {

    /** Stands in for the integration id when only a configuration is checked (it only names the default client id). */
    private static final UUID ANY = new UUID(0, 0);

    @Override
    public IntegrationType type() {
        return IntegrationType.MQTT;
    }

    @Override
    public List<String> validate(JsonNode configuration) {
        return MqttBridgeConfig.read(configuration, ANY).problems();
    }

    @Override
    public Target open(IntegrationDefinition definition) throws DeliveryException {
        Checked<MqttBridgeSettings> checked = MqttBridgeConfig.read(definition.configuration(), definition.id());
        if (!checked.valid()) {
            throw new DeliveryException(
                    "invalid MQTT bridge configuration: " + String.join("; ", checked.problems()), false);
        }
        MqttBridgeSettings settings = checked.settings();
        Optional<SSLSocketFactory> tls;
        try {
            tls = MqttTls.socketFactory(settings.tls());
        } catch (GeneralSecurityException e) {
            throw new DeliveryException(
                    "cannot set up TLS for " + settings.serverUri() + ": " + e.getMessage(), false, e);
        }
        BridgeClient client =
                settings.protocolVersion() == 5 ? new Mqtt5Client(settings, tls) : new Mqtt3Client(settings, tls);
        return new MqttBridgeTarget(settings, client, System::currentTimeMillis);
    }
}
