package io.relaymq.broker.api.security;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An IP network in CIDR notation, or a single address; parsing and matching never look a name up. */
final class IpNetwork {

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]+");
    private static final int LONGEST_LITERAL = 45;

    private final byte[] network;
    private final int prefix;

    private IpNetwork(byte[] network, int prefix) {
        this.network = network;
        this.prefix = prefix;
    }

    /** {@code 10.0.0.0/8}, {@code 2001:db8::/32} or one address; throws IllegalArgumentException otherwise. */
    static IpNetwork parse(String text) {
        String[] parts = text.strip().split("/", -1);
        InetAddress address = literal(parts[0])
                .orElseThrow(() -> new IllegalArgumentException("'" + text + "' is not an IP address or CIDR network"));
        int bits = address.getAddress().length * 8;
        int prefix = bits;
        if (parts.length > 2) {
            throw new IllegalArgumentException("'" + text + "' is not an IP address or CIDR network");
        }
        if (parts.length == 2) {
            try {
                prefix = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("'" + text + "' has a prefix length outside 0-" + bits);
            }
        }
        return new IpNetwork(address.getAddress(), prefix);
    }

    /** The address written in {@code text} (dotted IPv4 or IPv6, brackets allowed); empty for anything else. */
    static Optional<InetAddress> literal(String text) {
        String s = text.strip();
        if (s.length() > 2 && s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        if (s.isEmpty() || s.length() > LONGEST_LITERAL) {
            return Optional.empty();
        }
        Matcher v4 = IPV4.matcher(s);
        if (v4.matches()) {
            for (int i = 1; i <= 4; i++) {
                if (Integer.parseInt(v4.group(i)) > 255) {
                    return Optional.empty();
                }
            }
        } else if (s.indexOf(':') < 0 || !IPV6.matcher(s).matches()) {
            return Optional.empty(); // a name: never resolved
        }
        try {
            return Optional.of(InetAddress.getByName(s)); // a literal: parsed, not looked up
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length != network.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (bytes[i] != network[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xFF << (8 - rest)) & 0xFF;
        return (bytes[full] & mask) == (network[full] & mask);
    }
}
