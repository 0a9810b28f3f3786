package io.relaymq.broker.api.timeseries;

import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The nodes' historical statistics in TBMQ's shapes: values of keys over a time range (raw, or aggregated
 * into buckets) and the latest value of keys, for one node or the {@code total} over all nodes.
 */
@RestController
@RequestMapping("/api/timeseries")
class TimeseriesController {

    private final TimeseriesReader reader;

    TimeseriesController(TimeseriesReader reader) {
        this.reader = reader;
    }

    /** {@code {"key": [{"ts": .., "value": ..}, ...]}}, points by time ascending, every requested key present. */
    @GetMapping("/{entityId}/values")
    Map<String, List<TsValue>> values(
            @PathVariable String entityId,
            @RequestParam String keys,
            @RequestParam long startTs,
            @RequestParam long endTs,
            @RequestParam(required = false) Long interval,
            @RequestParam(required = false) String agg,
            @RequestParam(required = false) Integer limit) {
        return reader.values(SeriesPlan.of(entityId, keys, startTs, endTs, interval, agg, limit));
    }

    /** {@code {"key": {"ts": .., "value": ..}}} for the keys given (all keys without {@code keys}) that have a value. */
    @GetMapping("/latest")
    Map<String, TsValue> latest(@RequestParam String entityId, @RequestParam(required = false) String keys) {
        return reader.latest(SeriesParams.entity(entityId), SeriesParams.keys(keys, false));
    }
}
