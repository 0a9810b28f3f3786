package io.relaymq.broker.transport;

import static io.relaymq.broker.transport.Packets.bytes;
import static io.relaymq.broker.transport.Packets.packet;
import static io.relaymq.broker.transport.Packets.raw;
import static io.relaymq.broker.transport.Packets.u16;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Seeded hostile input for the MQTT decoder and session path: usually a plausible CONNECT (3.1.1 or 5.0)
 * followed by a few packets of every type with random fields (wildcards, bad UTF-8, odd QoS bits, random
 * 5.0 properties, topics and filters hundreds of levels deep or a thousand bytes long), then often mutated
 * (bytes flipped, inserted, cut), and split into random chunks the way
 * TCP may deliver them. Same seed, same inputs.
 */
final class PacketFuzzer {

    private static final String[] LEVELS = {
        "a", "b", "+", "#", "", "$SYS", "$share", "x/y", "\u0000", "\uFFFF", "é", "//"
    };

    private final Random random;

    PacketFuzzer(long seed) {
        this.random = new Random(seed);
    }

    /** One connection's worth of input, already split into the chunks to write. */
    List<byte[]> nextInput() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        boolean v5 = random.nextBoolean();
        stream.writeBytes(random.nextInt(10) < 8 ? connect(v5) : randomBytes(1 + random.nextInt(64)));
        int packets = random.nextInt(8);
        for (int i = 0; i < packets; i++) {
            stream.writeBytes(anyPacket(v5));
        }
        byte[] input = stream.toByteArray();
        if (random.nextInt(10) < 3) {
            input = mutate(input);
        }
        return chunks(input);
    }

    private byte[] connect(boolean v5) {
        int flags = random.nextInt(10) < 8 ? 0x02 | (random.nextBoolean() ? 0 : 0x00) : random.nextInt(256);
        byte[] clientId = Packets.utf8(random.nextInt(5) == 0 ? "" : "fuzz-" + random.nextInt(50));
        if (!v5) {
            return packet(0x10, Packets.utf8("MQTT"), bytes(4, flags), u16(random.nextInt(65536)), clientId);
        }
        return packet(0x10, Packets.utf8("MQTT"), bytes(5, flags), u16(random.nextInt(65536)), properties(), clientId);
    }

    private byte[] anyPacket(boolean v5) {
        int id = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(65535);
        byte[] props = v5 ? properties() : new byte[0];
        return switch (random.nextInt(12)) {
            case 0, 1, 2 -> publish(v5, id);
            case 3 -> packet(0x82, u16(id), props, Packets.utf8(topic()), bytes(random.nextInt(256)));
            case 4 -> packet(0xA2, u16(id), props, Packets.utf8(topic()));
            case 5 -> packet(0x40, u16(id));
            case 6 -> packet(0x50, u16(id));
            case 7 -> packet(0x62, u16(id));
            case 8 -> packet(0x70, u16(id));
            case 9 -> bytes(0xC0, 0x00);
            case 10 -> v5 ? packet(0xE0, bytes(random.nextInt(256)), props) : bytes(0xE0, 0x00);
            default -> packet(random.nextInt(256), randomBytes(random.nextInt(32)));
        };
    }

    private byte[] publish(boolean v5, int id) {
        int qos = random.nextInt(4);
        int flags = (qos << 1) | (random.nextBoolean() ? 1 : 0) | (random.nextInt(5) == 0 ? 8 : 0);
        byte[] topic = random.nextInt(8) == 0 ? raw(randomBytes(random.nextInt(12))) : Packets.utf8(topic());
        byte[] packetId = qos > 0 ? u16(id) : new byte[0];
        byte[] props = v5 ? properties() : new byte[0];
        return packet(0x30 | flags, topic, packetId, props, randomBytes(random.nextInt(48)));
    }

    private String topic() {
        int kind = random.nextInt(10);
        if (kind == 0) {
            return deepTopic();
        }
        if (kind == 1) {
            return LEVELS[random.nextInt(LEVELS.length)].repeat(1 + random.nextInt(1100));
        }
        StringBuilder topic = new StringBuilder();
        int levels = 1 + random.nextInt(4);
        for (int i = 0; i < levels; i++) {
            topic.append(i == 0 ? "" : "/").append(LEVELS[random.nextInt(LEVELS.length)]);
        }
        if (random.nextInt(6) == 0) {
            return "$share/" + LEVELS[random.nextInt(LEVELS.length)] + "/" + topic;
        }
        return topic.toString();
    }

    /**
     * Hundreds of levels, around the 128-level limit and far past it, sometimes ending in a wildcard; up to
     * the embedded broker's packet limit and beyond it.
     */
    private String deepTopic() {
        int levels = random.nextBoolean() ? 120 + random.nextInt(20) : 1 + random.nextInt(1000);
        String level = random.nextBoolean() ? "" : LEVELS[random.nextInt(LEVELS.length)];
        String tail = random.nextInt(3) == 0 ? "/#" : "";
        return (level + "/").repeat(levels - 1) + level + tail;
    }

    /** A 5.0 property block: empty, a few real property ids with random values, or garbage. */
    private byte[] properties() {
        if (random.nextInt(3) == 0) {
            return bytes(0);
        }
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        int count = random.nextInt(4);
        int[] ids = {
            0x01, 0x02, 0x03, 0x08, 0x09, 0x0B, 0x11, 0x15, 0x16, 0x17, 0x19, 0x1F, 0x21, 0x22, 0x23, 0x26, 0x27, 0x7F
        };
        for (int i = 0; i < count; i++) {
            content.write(ids[random.nextInt(ids.length)]);
            content.writeBytes(randomBytes(random.nextInt(6)));
        }
        byte[] c = content.toByteArray();
        byte[] block = new byte[c.length + 1];
        block[0] = (byte) (random.nextInt(10) == 0 ? random.nextInt(256) : c.length);
        System.arraycopy(c, 0, block, 1, c.length);
        return block;
    }

    private byte[] mutate(byte[] input) {
        byte[] out = input.clone();
        switch (random.nextInt(4)) {
            case 0 -> {
                for (int i = 0; i < 1 + random.nextInt(4); i++) {
                    out[random.nextInt(out.length)] = (byte) random.nextInt(256);
                }
            }
            case 1 -> out = Arrays.copyOf(out, random.nextInt(out.length + 1));
            case 2 -> {
                int at = random.nextInt(out.length + 1);
                byte[] extra = randomBytes(1 + random.nextInt(8));
                ByteArrayOutputStream grown = new ByteArrayOutputStream();
                grown.write(out, 0, at);
                grown.writeBytes(extra);
                grown.write(out, at, out.length - at);
                out = grown.toByteArray();
            }
            default -> {
                // a remaining length that promises more than follows, or the largest allowed
                if (out.length > 1) {
                    out[1] = (byte) (0x80 | random.nextInt(128));
                }
            }
        }
        return out;
    }

    private List<byte[]> chunks(byte[] input) {
        List<byte[]> chunks = new ArrayList<>();
        int at = 0;
        while (at < input.length) {
            int size = random.nextInt(3) == 0 ? input.length - at : 1 + random.nextInt(input.length - at);
            chunks.add(Arrays.copyOfRange(input, at, at + size));
            at += size;
        }
        return chunks;
    }

    private byte[] randomBytes(int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }
}
