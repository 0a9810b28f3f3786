package io.relaymq.perf.client;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Local addresses that connections are bound to in turn. One address has about 28k ephemeral ports
 * towards one server port (64k at most), so runs beyond that spread over 127.0.0.1-127.0.0.N (every
 * 127.x address is local on Linux). Written as {@code 127.0.0.1-127.0.0.8}, a comma list, or empty for
 * "let the kernel choose".
 */
public final class SourceAddresses {

    private final List<InetAddress> addresses;
    private final AtomicInteger next = new AtomicInteger();

    private SourceAddresses(List<InetAddress> addresses) {
        this.addresses = List.copyOf(addresses);
    }

    public static SourceAddresses parse(String spec) {
        List<InetAddress> addresses = new ArrayList<>();
        if (spec != null && !spec.isBlank()) {
            for (String part : spec.split(",")) {
                String item = part.trim();
                int dash = item.indexOf('-');
                if (dash < 0) {
                    addresses.add(address(item));
                } else {
                    addRange(
                            addresses,
                            address(item.substring(0, dash).trim()),
                            address(item.substring(dash + 1).trim()));
                }
            }
        }
        return new SourceAddresses(addresses);
    }

    private static void addRange(List<InetAddress> into, InetAddress first, InetAddress last) {
        byte[] a = first.getAddress();
        byte[] b = last.getAddress();
        if (a.length != 4 || b.length != 4 || a[0] != b[0] || a[1] != b[1] || a[2] != b[2]) {
            throw new IllegalArgumentException("a source range must be IPv4 within one /24: " + first + "-" + last);
        }
        int from = a[3] & 0xff;
        int to = b[3] & 0xff;
        if (to < from) {
            throw new IllegalArgumentException("source range runs backwards: " + first + "-" + last);
        }
        for (int i = from; i <= to; i++) {
            byte[] next = a.clone();
            next[3] = (byte) i;
            try {
                into.add(InetAddress.getByAddress(next));
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException(e);
            }
        }
    }

    private static InetAddress address(String literal) {
        if (!literal.matches("[0-9.]+|[0-9a-fA-F:]+")) {
            throw new IllegalArgumentException("source addresses are IP literals: " + literal);
        }
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + literal, e);
        }
    }

    /** The next address in turn (port 0: any free port), or null when none is configured. */
    public InetSocketAddress next() {
        if (addresses.isEmpty()) {
            return null;
        }
        return new InetSocketAddress(addresses.get(Math.floorMod(next.getAndIncrement(), addresses.size())), 0);
    }

    public int size() {
        return addresses.size();
    }
}
