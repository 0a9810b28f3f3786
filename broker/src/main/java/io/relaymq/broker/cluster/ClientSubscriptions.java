package io.relaymq.broker.cluster;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.wire.SubscriptionRecord;
import io.relaymq.common.wire.SubscriptionsRecord;
import io.relaymq.common.wire.Wire;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * All subscriptions of one client and the node that owns its session: the value of a
 * {@code relaymq.client.subscriptions} record (key = client id), a {@link SubscriptionsRecord} of the wire
 * schema. Values written before the schema (version byte 1) are still read.
 */
public record ClientSubscriptions(String ownerNode, List<Subscription> subscriptions) {

    private static final byte VERSION_1 = 1;

    public ClientSubscriptions {
        subscriptions = List.copyOf(subscriptions);
    }

    public byte[] encode() {
        return Wire.frame(toRecord());
    }

    SubscriptionsRecord toRecord() {
        SubscriptionsRecord.Builder b = SubscriptionsRecord.newBuilder().setOwnerNode(ownerNode);
        for (Subscription s : subscriptions) {
            SubscriptionOptions o = s.options();
            b.addSubscriptions(SubscriptionRecord.newBuilder()
                    .setFilter(s.filter().text())
                    .setQos(o.qos())
                    .setNoLocal(o.noLocal())
                    .setRetainAsPublished(o.retainAsPublished())
                    .setRetainHandling(o.retainHandling())
                    .setSubscriptionId(o.subscriptionId()));
        }
        return b.build();
    }

    static ClientSubscriptions fromRecord(String clientId, SubscriptionsRecord r) {
        List<Subscription> subscriptions = new ArrayList<>(r.getSubscriptionsCount());
        for (SubscriptionRecord s : r.getSubscriptionsList()) {
            subscriptions.add(new Subscription(
                    clientId,
                    filter(s.getFilter()),
                    new SubscriptionOptions(
                            s.getQos(),
                            s.getNoLocal(),
                            s.getRetainAsPublished(),
                            s.getRetainHandling(),
                            s.getSubscriptionId())));
        }
        return new ClientSubscriptions(r.getOwnerNode(), subscriptions);
    }

    public static ClientSubscriptions of(String ownerNode, Collection<Subscription> subscriptions) {
        return new ClientSubscriptions(ownerNode, new ArrayList<>(subscriptions));
    }

    public static ClientSubscriptions decode(String clientId, byte[] value) {
        if (Wire.isFramed(value)) {
            return fromRecord(clientId, Wire.unframe(value, SubscriptionsRecord.parser(), "subscriptions"));
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value))) {
            byte version = in.readByte();
            if (version != VERSION_1) {
                throw new IllegalArgumentException("unknown subscriptions record version " + version);
            }
            String owner = in.readUTF();
            int count = in.readInt();
            if (count < 0 || count > in.available()) {
                throw new IllegalArgumentException("bad subscription count in subscriptions record");
            }
            List<Subscription> subscriptions = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                TopicFilter filter = filter(in.readUTF());
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

    private static TopicFilter filter(String text) {
        return TopicFilter.parse(text)
                .orElseThrow(() -> new IllegalArgumentException("invalid filter in record: " + text));
    }
}
