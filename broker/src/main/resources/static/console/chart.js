// A time series line chart on uPlot (served from its WebJar), sized to its box and coloured by the theme.

import uPlot from '../webjars/uplot/dist/uPlot.esm.js';

/**
 * Draws `points` ([{ts, value}], ts ascending) into `box` over the time range `from`..`to` (ms; the
 * points' own span when not given). Returns `{ destroy }`. The colours come from the theme's custom
 * properties, read when drawn.
 */
export function lineChart(box, { label, points, unit, from, to }) {
  const style = getComputedStyle(document.documentElement);
  const color = (name) => style.getPropertyValue(name).trim();
  const xs = points.map((p) => p.ts / 1000);
  const ys = points.map((p) => p.value);
  const axis = { stroke: color('--muted'), grid: { stroke: color('--chart-grid'), width: 1 }, ticks: { show: false } };
  const width = () => Math.max(240, box.clientWidth - 4);
  const plot = new uPlot({
    width: width(),
    height: 190,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: from && to ? { time: true, auto: false, range: () => [from / 1000, to / 1000] } : { time: true } },
    axes: [axis, { ...axis, size: 60, values: (u, ticks) => ticks.map(compact) }],
    series: [
      {},
      {
        label: unit ? `${label} (${unit})` : label,
        stroke: color('--accent'),
        width: 2,
        fill: `${color('--accent')}22`,
        points: { show: points.length < 3 },
      },
    ],
  }, [xs, ys], box);
  const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 190 }));
  resize.observe(box);
  return {
    destroy() {
      resize.disconnect();
      plot.destroy();
    },
  };
}

/** 1234567 -> "1.2M": short tick labels. */
function compact(value) {
  if (value === null || value === undefined) return '';
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${+(value / 1e9).toFixed(1)}G`;
  if (abs >= 1e6) return `${+(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(value / 1e3).toFixed(1)}k`;
  return `${+value.toFixed(2)}`;
}
