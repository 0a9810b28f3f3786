package io.relaymq.broker.transport;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * The source networks (CIDR blocks such as {@code 10.0.0.0/8} or {@code fd00::/8}; a bare address is one
 * host) a PROXY protocol header is accepted from: the load balancers, not the clients behind them.
 */
public final class TrustedNetworks {

    private record Block(byte[] network, int prefix) {

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xFF << (8 - rest)) & 0xFF;
            return (address[full] & mask) == (network[full] & mask);
        }
    }

    private final List<Block> blocks;
    private final List<String> written;

    private TrustedNetworks(List<Block> blocks, List<String> written) {
        this.blocks = blocks;
        this.written = written;
    }

    /** Parses CIDR blocks; throws {@link IllegalArgumentException} naming the first invalid one. */
    public static TrustedNetworks parse(List<String> cidrs) {
        List<Block> blocks = new ArrayList<>();
        List<String> written = new ArrayList<>();
        for (String cidr : cidrs) {
            String trimmed = cidr.trim();
            if (!trimmed.isEmpty()) {
                blocks.add(block(trimmed));
                written.add(trimmed);
            }
        }
        return new TrustedNetworks(List.copyOf(blocks), List.copyOf(written));
    }

    private static Block block(String cidr) {
        int slash = cidr.indexOf('/');
        String host = slash < 0 ? cidr : cidr.substring(0, slash);
        if (!host.matches("[0-9a-fA-F:.]+") || !host.contains(".") && !host.contains(":")) {
            throw new IllegalArgumentException("not an IP network (CIDR): '" + cidr + "'");
        }
        byte[] network;
        try {
            network = InetAddress.getByName(host).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP network (CIDR): '" + cidr + "'", e);
        }
        int prefix = network.length * 8;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(cidr.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a prefix length in '" + cidr + "'", e);
            }
            if (prefix < 0 || prefix > network.length * 8) {
                throw new IllegalArgumentException("prefix length out of range in '" + cidr + "'");
            }
        }
        return new Block(network, prefix);
    }

    public boolean isEmpty() {
        return blocks.isEmpty();
    }

    /** Whether {@code peer} (the TCP peer, before any PROXY header) is inside one of the networks. */
    public boolean contains(SocketAddress peer) {
        if (!(peer instanceof InetSocketAddress inet) || inet.getAddress() == null) {
            return false;
        }
        byte[] address = inet.getAddress().getAddress();
        return blocks.stream().anyMatch(b -> b.contains(address));
    }

    @Override
    public String toString() {
        return String.join(",", written);
    }
}
