package io.relaymq.broker.connect;

import io.netty.channel.Channel;
import io.netty.handler.codec.mqtt.MqttConnectMessage;
import io.netty.handler.ssl.SslHandler;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.mqtt.ClientAddresses;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLPeerUnverifiedException;

/** Collects what a connection offers for authentication: CONNECT's user name and password, address, TLS peer chain. */
final class ConnectCredentials {

    private ConnectCredentials() {}

    static AuthRequest of(Channel channel, MqttConnectMessage connect, String clientId) {
        SslHandler tls = channel.pipeline().get(SslHandler.class);
        byte[] password =
                connect.variableHeader().hasPassword() ? connect.payload().passwordInBytes() : null;
        String username =
                connect.variableHeader().hasUserName() ? connect.payload().userName() : null;
        return new AuthRequest(
                clientId,
                username,
                password,
                ip(ClientAddresses.of(channel)),
                tls != null,
                chain(tls),
                connect.variableHeader().version());
    }

    static String ip(SocketAddress address) {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress();
        }
        return String.valueOf(address);
    }

    private static List<X509Certificate> chain(SslHandler tls) {
        if (tls == null) {
            return List.of();
        }
        try {
            List<X509Certificate> chain = new ArrayList<>();
            for (Certificate certificate : tls.engine().getSession().getPeerCertificates()) {
                if (certificate instanceof X509Certificate x509) {
                    chain.add(x509);
                }
            }
            return chain;
        } catch (SSLPeerUnverifiedException noClientCertificate) {
            return List.of();
        }
    }
}
