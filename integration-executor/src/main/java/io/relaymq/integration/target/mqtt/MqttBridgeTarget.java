package io.relaymq.integration.target.mqtt;

import io.relaymq.common.message.PublishedMessage;
import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.Target;
import io.relaymq.integration.target.Template;
import io.relaymq.integration.target.mqtt.MqttBridgeSettings.RetainMode;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes each message to the remote broker: topic from the template, QoS as configured or the message's own,
 * RETAIN kept or cleared. A message whose expiry interval has passed is not forwarded.
 */
final class MqttBridgeTarget implements Target {

    private static final Logger log = LoggerFactory.getLogger(MqttBridgeTarget.class);

    private final Template topic;
    private final Optional<Integer> qos;
    private final RetainMode retain;
    private final BridgeClient client;
    private final LongSupplier clock;

    MqttBridgeTarget(MqttBridgeSettings settings, BridgeClient client, LongSupplier clock) {
        this.topic = Template.of(settings.topic());
        this.qos = settings.qos();
        this.retain = settings.retain();
        this.client = client;
        this.clock = clock;
    }

    @Override
    public void send(IntegrationMessage routed) throws DeliveryException {
        Optional<Outgoing> outgoing = outgoing(routed);
        if (outgoing.isPresent()) {
            client.publish(outgoing.get());
        }
    }

    /** What to publish for {@code routed}; empty when it has expired. */
    Optional<Outgoing> outgoing(IntegrationMessage routed) throws DeliveryException {
        String name = topic.render(routed);
        Optional<String> problem = MqttTopicName.problem(name);
        if (problem.isPresent()) {
            String shown = name.length() <= 300 ? name : name.substring(0, 300) + "…";
            throw new DeliveryException(problem.get() + ": '" + shown + "'", false);
        }
        PublishedMessage m = routed.message();
        Long expiry = m.remainingExpirySeconds(clock.getAsLong());
        if (expiry != null && expiry == 0) {
            log.debug("message for {} expired before it could be bridged; not forwarded", name);
            return Optional.empty();
        }
        return Optional.of(new Outgoing(
                name,
                m.payload(),
                qos.orElse(m.qos()),
                retain == RetainMode.KEEP && m.retain(),
                m.properties(),
                expiry));
    }

    @Override
    public void close() {
        client.close();
    }
}
