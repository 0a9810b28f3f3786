package io.relaymq.perf.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The headline figures of several brokers on the same scenario, with the first broker's ratio to each
 * other one ("x1.50" means the first is 1.5 times the other on that figure).
 */
public final class SideBySide {

    private SideBySide() {}

    public static String table(List<? extends Report> reports) {
        if (reports.isEmpty()) {
            return "";
        }
        Report first = reports.get(0);
        StringBuilder out = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("| metric"));
        reports.forEach(r -> header.add(r.target()));
        reports.subList(1, reports.size()).forEach(r -> header.add(first.target() + " / " + r.target()));
        out.append(String.join(" | ", header)).append(" |\n");
        out.append("|---".repeat(header.size())).append("|\n");
        List<Metric> metrics = first.headline();
        for (int m = 0; m < metrics.size(); m++) {
            List<String> row = new ArrayList<>(List.of("| " + metrics.get(m).name()));
            for (Report r : reports) {
                row.add(HtmlChart.format(r.headline().get(m).value()));
            }
            for (Report r : reports.subList(1, reports.size())) {
                row.add(ratio(metrics.get(m).value(), r.headline().get(m).value()));
            }
            out.append(String.join(" | ", row)).append(" |\n");
        }
        return out.toString();
    }

    static String ratio(double ours, double theirs) {
        if (!Double.isFinite(ours) || !Double.isFinite(theirs) || theirs == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "x%.2f", ours / theirs);
    }
}
