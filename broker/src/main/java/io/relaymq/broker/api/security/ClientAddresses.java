package io.relaymq.broker.api.security;

import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The address an admin API request comes from. {@code X-Forwarded-For} is believed only when the
 * connection's peer is a configured trusted proxy; the address is then the right-most hop that is not a
 * trusted proxy (hops further left were written by the client and prove nothing). Otherwise it is the
 * peer itself, whatever the headers say.
 */
public final class ClientAddresses {

    static final String FORWARDED_FOR = "X-Forwarded-For";
    /** Hops looked at from the right; a longer chain is cut there. */
    static final int MAX_HOPS = 20;

    private final List<IpNetwork> trusted;

    /** @throws IllegalArgumentException naming the entry that is neither an address nor a CIDR network */
    public ClientAddresses(List<String> trustedProxies) {
        List<IpNetwork> networks = new ArrayList<>();
        for (String entry : trustedProxies) {
            if (!entry.isBlank()) {
                try {
                    networks.add(IpNetwork.parse(entry));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "relaymq.api.trusted-proxies (API_TRUSTED_PROXIES): " + e.getMessage(), e);
                }
            }
        }
        this.trusted = List.copyOf(networks);
    }

    public String of(HttpServletRequest request) {
        return resolve(request.getRemoteAddr(), Collections.list(request.getHeaders(FORWARDED_FOR)));
    }

    /** The client address for a connection from {@code peer} carrying these X-Forwarded-For header lines. */
    String resolve(String peer, List<String> forwardedFor) {
        Optional<InetAddress> peerAddress = IpNetwork.literal(peer);
        if (peerAddress.isEmpty()) {
            return peer;
        }
        String client = peerAddress.get().getHostAddress();
        if (!isTrusted(peerAddress.get())) {
            return client;
        }
        List<String> hops = hops(forwardedFor);
        for (int i = hops.size() - 1, seen = 0; i >= 0 && seen < MAX_HOPS; i--, seen++) {
            Optional<InetAddress> hop = IpNetwork.literal(hops.get(i));
            if (hop.isEmpty()) {
                return client; // not an address: nothing at or left of it can be believed
            }
            client = hop.get().getHostAddress();
            if (!isTrusted(hop.get())) {
                return client;
            }
        }
        return client;
    }

    private boolean isTrusted(InetAddress address) {
        for (IpNetwork network : trusted) {
            if (network.contains(address)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> hops(List<String> headerLines) {
        List<String> hops = new ArrayList<>();
        for (String line : headerLines) {
            for (String hop : line.split(",")) {
                if (!hop.isBlank()) {
                    hops.add(hop.strip());
                }
            }
        }
        return hops;
    }
}
