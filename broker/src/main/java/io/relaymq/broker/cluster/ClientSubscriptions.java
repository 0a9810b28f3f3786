package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.topic.TopicFilter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * All subscriptions of one client and the node that owns its session: the value of a
 * {@code relaymq.client.subscriptions} record (key = client id).
 */
public record ClientSubscriptions(String ownerNode, List<Subscription> subscriptions) {

    private static final byte VERSION = 1;

    public ClientSubscriptions {
        subscriptions = List.copyOf(subscriptions);
    }

    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeUTF(ownerNode);
            out.writeInt(subscriptions.size());
            for (Subscription s : subscriptions) {
                SubscriptionOptions o = s.options();
                out.writeUTF(s.filter().text());
                out.writeByte(o.qos());
                out.writeBoolean(o.noLocal());
                out.writeBoolean(o.retainAsPublished());
                out.writeByte(o.retainHandling());
                out.writeInt(o.subscriptionId());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static ClientSubscriptions of(String ownerNode, Collection<Subscription> subscriptions) {
        return new ClientSubscriptions(ownerNode, new ArrayList<>(subscriptions));
    }

    public static ClientSubscriptions decode(String clientId, byte[] value) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value))) {
            byte version = in.readByte();
            if (version != VERSION) {
                throw new IllegalArgumentException("unknown subscriptions record version " + version);
            }
            String owner = in.readUTF();
            int count = in.readInt();
            List<Subscription> subscriptions = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                String text = in.readUTF();
                TopicFilter filter = TopicFilter.parse(text)
                        .orElseThrow(() -> new IllegalArgumentException("invalid filter in record: " + text));
                subscriptions.add(new Subscription(
                        clientId,
                        filter,
                        new SubscriptionOptions(
                                in.readByte(), in.readBoolean(), in.readBoolean(), in.readByte(), in.readInt())));
            }
            return new ClientSubscriptions(owner, subscriptions);
        } catch (IOException e) {
            throw new IllegalArgumentException("truncated subscriptions record", e);
        }
    }
}
