package io.relaymq.broker.mqtt;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/** The address of the client behind a channel: from the PROXY protocol header when there was one. */
public final class ClientAddresses {

    public static final AttributeKey<InetSocketAddress> PROXIED = AttributeKey.valueOf("relaymq.clientAddress");

    private ClientAddresses() {}

    public static SocketAddress of(Channel channel) {
        // hasAttr first: attr() would add an empty attribute to every connection that has no proxied address
        InetSocketAddress proxied =
                channel.hasAttr(PROXIED) ? channel.attr(PROXIED).get() : null;
        return proxied != null ? proxied : channel.remoteAddress();
    }
}
