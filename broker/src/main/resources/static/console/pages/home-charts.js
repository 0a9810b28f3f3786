// The home page's statistics charts: one chart per key over the last hour, day or week.

import { el } from '../dom.js';

const CHARTS = [
  ['incomingMsgs', 'Incoming messages', 'counter'],
  ['outgoingMsgs', 'Outgoing messages', 'counter'],
  ['droppedMsgs', 'Dropped messages', 'counter'],
  ['retainedMsgs', 'Retained messages', 'gauge'],
  ['sessions', 'Sessions', 'gauge'],
  ['subscriptions', 'Subscriptions', 'gauge'],
  ['kafkaLag', 'Kafka lag', 'gauge'],
];
const MINUTE = 60_000;
// range -> [span, interval]: at most ~100 points per chart
const RANGES = {
  hour: [60 * MINUTE, MINUTE],
  day: [24 * 60 * MINUTE, 15 * MINUTE],
  week: [7 * 24 * 60 * MINUTE, 120 * MINUTE],
};

/** Builds the chart boxes in `box`; `load(entityId, range)` (re)draws them. */
export function renderCharts(ctx, box) {
  const boxes = new Map(CHARTS.map(([key, title]) => {
    const plot = el('div', { class: 'plot' });
    const chart = el('figure', { class: 'chart', 'data-chart': key, 'data-points': '0' },
      el('h3', { text: title }), plot);
    box.append(chart);
    return [key, { chart, plot, drawn: null }];
  }));
  let sequence = 0;
  let lastArgs = null;
  let libraryPromise = null;
  // redraw in the new colours when the theme changes
  const themeWatch = new MutationObserver(() => { if (lastArgs) load(...lastArgs); });
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

  async function load(entityId, range) {
    lastArgs = [entityId, range];
    const current = ++sequence;
    const [span, interval] = RANGES[range];
    const endTs = Date.now();
    const startTs = endTs - span;
    const [counters, gauges] = await Promise.all([
      series(entityId, CHARTS.filter((c) => c[2] === 'counter').map((c) => c[0]), startTs, endTs, interval, 'SUM'),
      series(entityId, CHARTS.filter((c) => c[2] === 'gauge').map((c) => c[0]), startTs, endTs, interval, 'AVG'),
    ]);
    if (current !== sequence) return;
    const minutes = interval / MINUTE;
    for (const [key, title, kind] of CHARTS) {
      const raw = (kind === 'counter' ? counters : gauges)[key] || [];
      // sums over an interval shown per minute, so every range reads in the same unit
      const points = kind === 'counter' ? raw.map((p) => ({ ts: p.ts, value: p.value / minutes })) : raw;
      await draw(boxes.get(key), title, points, kind === 'counter' ? 'per minute' : '', [startTs, endTs]);
    }
  }

  async function draw(target, title, points, unit, [from, to]) {
    if (target.drawn) target.drawn.destroy();
    target.drawn = null;
    target.plot.replaceChildren();
    target.chart.dataset.points = String(points.length);
    if (points.length === 0) {
      target.plot.append(el('p', { class: 'no-data', text: 'No data for this range.' }));
      return;
    }
    try {
      libraryPromise = libraryPromise || import('../chart.js');
      const { lineChart } = await libraryPromise;
      target.drawn = lineChart(target.plot, { label: title, points, unit, from, to });
    } catch (e) {
      target.chart.dataset.points = '0';
      target.plot.append(el('p', { class: 'no-data', text: `The chart could not be drawn: ${e.message}` }));
    }
  }

  async function series(entityId, keys, startTs, endTs, interval, agg) {
    const path = `/api/timeseries/${encodeURIComponent(entityId)}/values?keys=${keys.join(',')}`
      + `&startTs=${startTs}&endTs=${endTs}&interval=${interval}&agg=${agg}`;
    try {
      return (await ctx.api.get(path)) || {};
    } catch (e) {
      // no statistics (404) or none yet: the charts say "no data"; other failures go to the banner too
      if (e.status !== 404) ctx.showError(e);
      return {};
    }
  }

  return {
    load,
    destroy() {
      themeWatch.disconnect();
      for (const target of boxes.values()) if (target.drawn) target.drawn.destroy();
    },
  };
}
