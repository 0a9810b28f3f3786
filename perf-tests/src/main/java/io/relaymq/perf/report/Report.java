package io.relaymq.perf.report;

import java.util.List;
import java.util.Map;

/** The result of one run against one broker. */
public interface Report {

    String target();

    Map<String, Object> toJson();

    /** The figures a side-by-side table compares. */
    List<Metric> headline();

    /** One-paragraph terminal summary. */
    String summary();
}
