package io.relaymq.perf.report;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;

/** Writes maps, lists, strings, numbers, booleans and null as JSON (what the reports need, nothing more). */
public final class Json {

    private Json() {}

    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value, "");
        return out.toString();
    }

    private static void append(StringBuilder out, Object value, String indent) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            quote(out, s);
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            out.append(
                    Double.isFinite(d) ? String.format(Locale.ROOT, "%.3f", d).replaceAll("\\.?0+$", "") : "null");
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            object(out, map, indent);
        } else if (value instanceof Collection<?> list) {
            array(out, list, indent);
        } else {
            throw new IllegalArgumentException(
                    "cannot write " + value.getClass().getName() + " as JSON");
        }
    }

    private static void object(StringBuilder out, Map<?, ?> map, String indent) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        String inner = indent + "  ";
        out.append("{\n");
        int i = 0;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            out.append(inner);
            quote(out, String.valueOf(e.getKey()));
            out.append(": ");
            append(out, e.getValue(), inner);
            out.append(++i < map.size() ? ",\n" : "\n");
        }
        out.append(indent).append('}');
    }

    private static void array(StringBuilder out, Collection<?> list, String indent) {
        out.append('[');
        int i = 0;
        for (Object item : list) {
            if (item instanceof Map<?, ?>) {
                out.append('\n').append(indent).append("  ");
                append(out, item, indent + "  ");
            } else {
                append(out, item, indent);
            }
            if (++i < list.size()) {
                out.append(", ");
            }
        }
        out.append(']');
    }

    private static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
