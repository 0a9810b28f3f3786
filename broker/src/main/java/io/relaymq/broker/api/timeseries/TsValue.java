package io.relaymq.broker.api.timeseries;

/** One value of a key at {@code ts} (epoch ms): a whole number when it is one, else a decimal (averages). */
record TsValue(long ts, Number value) {

    private static final double EXACT_LONG = 9_007_199_254_740_992.0; // 2^53

    static TsValue of(long ts, double value) {
        boolean whole = value == Math.rint(value) && Math.abs(value) < EXACT_LONG;
        return new TsValue(ts, whole ? (Number) (long) value : (Number) value);
    }
}
