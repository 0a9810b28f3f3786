// Home: the nodes, cluster totals, and charts of the historical statistics.

import { appendAll, el, formatBytes, formatNumber, formatTime, select } from '../dom.js';
import { renderCharts } from './home-charts.js';

const REFRESH_MS = 10_000;

export async function render(root, ctx) {
  const nodesBody = el('tbody');
  const nodesTable = el('table', { class: 'grid', 'data-table': 'nodes', 'aria-label': 'Broker nodes' },
    el('thead', {}, el('tr', {}, ['Node', 'Status', 'CPU', 'Heap', 'Sessions', 'Connections', 'Started', 'MQTT ports']
      .map((h) => el('th', { scope: 'col', text: h })))),
    nodesBody);
  const totals = el('div', { class: 'totals', 'data-totals': '' });
  const entity = select({ 'data-filter': 'entity', 'aria-label': 'Charts for' }, [['total', 'Cluster total']], 'total');
  const chartsBox = el('div', { class: 'charts' });
  const rangeButtons = ['hour', 'day', 'week'].map((range) =>
    el('button', { type: 'button', class: 'toggle', 'data-range': range, 'aria-pressed': String(range === 'hour'),
      text: `Last ${range}` }));
  appendAll(root, 
    el('h1', { text: 'Home' }),
    el('h2', { text: 'Nodes' }),
    el('div', { class: 'table-scroll' }, nodesTable),
    el('h2', { text: 'Cluster' }),
    totals,
    el('div', { class: 'section-head' },
      el('h2', { text: 'Statistics' }),
      el('div', { class: 'range', role: 'group', 'aria-label': 'Time range' }, rangeButtons, entity)),
    chartsBox);

  let range = 'hour';
  const charts = renderCharts(ctx, chartsBox);
  for (const button of rangeButtons) {
    button.addEventListener('click', () => {
      range = button.dataset.range;
      rangeButtons.forEach((b) => b.setAttribute('aria-pressed', String(b === button)));
      charts.load(entity.value, range);
    });
  }
  entity.addEventListener('change', () => charts.load(entity.value, range));

  await Promise.all([refreshNodes().then(refreshTotals), charts.load('total', range)]);
  if (!ctx.active) {
    charts.destroy();
    return;
  }
  ctx.ready();

  const timer = setInterval(() => refreshNodes().then(refreshTotals), REFRESH_MS);
  ctx.onLeave(() => {
    clearInterval(timer);
    charts.destroy();
  });

  async function refreshNodes() {
    try {
      const info = await ctx.api.get('/api/app/service/info');
      const nodes = info?.data || [];
      const connections = await Promise.all(nodes.map((n) => latest(ctx, n.serviceId, 'connections')));
      nodesBody.replaceChildren(...nodes.map((n, i) => nodeRow(n, connections[i])));
      const known = new Set([...entity.options].map((o) => o.value));
      for (const n of nodes) {
        if (!known.has(n.serviceId)) entity.append(el('option', { value: n.serviceId, text: `Node ${n.serviceId}` }));
      }
      totals.dataset.nodes = String(nodes.length);
    } catch (e) {
      ctx.showError(e);
    }
  }

  async function refreshTotals() {
    try {
      const [sessions, stats] = await Promise.all([
        ctx.api.get('/api/client-session/info'),
        latestAll(ctx, 'total', ['subscriptions', 'retainedMsgs', 'kafkaLag', 'connections']),
      ]);
      totals.replaceChildren(
        total('Nodes', totals.dataset.nodes),
        total('Sessions', sessions?.totalCount),
        total('Connected', sessions?.connectedCount),
        total('Disconnected', sessions?.disconnectedCount),
        total('Connections', stats.connections),
        total('Subscriptions', stats.subscriptions),
        total('Retained messages', stats.retainedMsgs),
        total('Kafka lag', stats.kafkaLag));
    } catch (e) {
      ctx.showError(e);
    }
  }
}

function nodeRow(n, connections) {
  const active = n.status === 'ACTIVE';
  return el('tr', { 'data-key': n.serviceId },
    el('td', { text: n.serviceId }),
    el('td', {}, el('span', { class: active ? 'badge ok' : 'badge bad', text: n.status })),
    el('td', { text: n.cpuPercent >= 0 ? `${n.cpuPercent.toFixed(1)} % of ${n.cpuCount}` : '' }),
    el('td', { text: n.heapMaxBytes > 0 ? `${formatBytes(n.heapUsedBytes)} / ${formatBytes(n.heapMaxBytes)}` : '' }),
    el('td', { text: `${formatNumber(n.connectedSessions)} connected / ${formatNumber(n.sessions)}` }),
    el('td', { text: connections === undefined ? '—' : formatNumber(connections) }),
    el('td', { text: formatTime(n.startedAt) }),
    el('td', { class: 'wrap', text: ports(n.mqttPorts) }));
}

function total(label, value) {
  return el('div', { class: 'total' },
    el('div', { class: 'value', text: value === undefined || value === null ? '—' : formatNumber(Number(value)) }),
    el('div', { class: 'label', text: label }));
}

/** The latest value of one key for one entity, undefined when there is none (or no statistics API). */
async function latest(ctx, entityId, key) {
  return (await latestAll(ctx, entityId, [key]))[key];
}

async function latestAll(ctx, entityId, keys) {
  try {
    const answer = await ctx.api.get(`/api/timeseries/latest?entityId=${encodeURIComponent(entityId)}&keys=${keys.join(',')}`);
    return Object.fromEntries(keys.map((k) => [k, answer?.[k]?.value]));
  } catch {
    return {};
  }
}

// the registry keeps the ports as "{tcp=1883, ws=8084}": shown as "tcp 1883 · ws 8084"
function ports(text) {
  const pairs = String(text || '').replace(/^\{|\}$/g, '').split(',')
    .map((p) => p.trim().split('='))
    .filter((p) => p.length === 2 && p[0] && p[1]);
  return pairs.length ? pairs.map(([name, port]) => `${name} ${port}`).join(' · ') : String(text || '');
}
