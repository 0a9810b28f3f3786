package io.relaymq.perf.report;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** Renders a traffic report as one self-contained HTML page: a summary table and two inline SVG charts. */
public final class HtmlChart {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 260;
    private static final int LEFT = 70;
    private static final int BOTTOM = 30;
    private static final int TOP = 20;
    private static final int RIGHT = 30;

    private HtmlChart() {}

    public static String render(TrafficReport report) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(escape(report.target() + " " + report.settings().scenario()))
                .append("</title><style>body{font-family:sans-serif;margin:24px}table{border-collapse:collapse}"
                        + "td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{text-align:left}"
                        + ".warm{fill:#eee}.axis{stroke:#888}.lbl{font-size:11px;fill:#444}</style></head><body>\n")
                .append("<h2>")
                .append(escape(report.target() + " - " + report.settings().scenario()))
                .append("</h2>\n")
                .append("<p>")
                .append(escape(report.summary()))
                .append("</p>\n<table>\n");
        for (Metric metric : report.headline()) {
            html.append("<tr><th>")
                    .append(escape(metric.name()))
                    .append("</th><td>")
                    .append(format(metric.value()))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n<h3>Throughput (msgs/s)</h3>\n");
        List<Sample> samples = report.samples();
        html.append(chart(
                samples,
                List.of(
                        new Series("sent", "#1f77b4", s -> s.sent()),
                        new Series("acknowledged", "#2ca02c", s -> s.acked()),
                        new Series("received", "#d62728", s -> s.received()))));
        html.append("<h3>End-to-end latency (ms)</h3>\n");
        html.append(chart(
                samples,
                List.of(new Series("p50", "#9467bd", Sample::p50Ms), new Series("p99", "#ff7f0e", Sample::p99Ms))));
        html.append("<p class=\"lbl\">Shaded: warm-up, not part of the figures above.</p>\n</body></html>\n");
        return html.toString();
    }

    /** A named line. */
    record Series(String name, String color, ToDoubleFunction<Sample> value) {}

    static String chart(List<Sample> samples, List<Series> series) {
        double maxY = 0;
        for (Sample s : samples) {
            for (Series line : series) {
                maxY = Math.max(maxY, finite(line.value().applyAsDouble(s)));
            }
        }
        maxY = maxY <= 0 ? 1 : maxY * 1.1;
        int maxX = Math.max(
                1, samples.isEmpty() ? 1 : samples.get(samples.size() - 1).second());
        StringBuilder svg = new StringBuilder(String.format(
                Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">%n", WIDTH, HEIGHT));
        int warmEnd = samples.stream()
                .filter(Sample::warmup)
                .mapToInt(Sample::second)
                .max()
                .orElse(0);
        if (warmEnd > 0) {
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect class=\"warm\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\"/>%n",
                    LEFT,
                    TOP,
                    x(warmEnd, maxX) - LEFT,
                    HEIGHT - TOP - BOTTOM));
        }
        axes(svg, maxX, maxY);
        int legendX = LEFT + 10;
        for (Series line : series) {
            StringBuilder points = new StringBuilder();
            for (Sample s : samples) {
                points.append(String.format(
                        Locale.ROOT,
                        "%.1f,%.1f ",
                        x(s.second(), maxX),
                        y(finite(line.value().applyAsDouble(s)), maxY)));
            }
            svg.append(String.format(
                    Locale.ROOT,
                    "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/>%n",
                    line.color(),
                    points.toString().trim()));
            svg.append(String.format(
                    Locale.ROOT,
                    "<text class=\"lbl\" x=\"%d\" y=\"%d\" fill=\"%s\" style=\"fill:%s\">%s</text>%n",
                    legendX,
                    TOP + 12,
                    line.color(),
                    line.color(),
                    escape(line.name())));
            legendX += 30 + 8 * line.name().length();
        }
        return svg.append("</svg>\n").toString();
    }

    private static void axes(StringBuilder svg, int maxX, double maxY) {
        int bottom = HEIGHT - BOTTOM;
        svg.append(String.format(
                Locale.ROOT,
                "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>%n",
                LEFT,
                bottom,
                WIDTH - RIGHT,
                bottom));
        svg.append(String.format(
                Locale.ROOT,
                "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>%n",
                LEFT,
                TOP,
                LEFT,
                bottom));
        for (int i = 0; i <= 4; i++) {
            double value = maxY * i / 4;
            svg.append(String.format(
                    Locale.ROOT,
                    "<text class=\"lbl\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 6,
                    y(value, maxY) + 4,
                    format(value)));
            int second = maxX * i / 4;
            svg.append(String.format(
                    Locale.ROOT,
                    "<text class=\"lbl\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d s</text>%n",
                    x(second, maxX),
                    bottom + 18,
                    second));
        }
    }

    private static double x(int second, int maxX) {
        return LEFT + (WIDTH - LEFT - RIGHT) * (double) second / maxX;
    }

    private static double y(double value, double maxY) {
        return HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * value / maxY;
    }

    private static double finite(double value) {
        return Double.isFinite(value) ? value : 0;
    }

    static String format(double value) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        return Math.abs(value) >= 100 || value == Math.rint(value)
                ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%.2f", value);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
