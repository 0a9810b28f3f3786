// Kafka: the brokers, the topics and the consumer groups with their lag.

import { appendAll, el, formatBytes, formatNumber } from '../dom.js';
import { createTable } from '../table.js';

export async function render(root, ctx) {
  const brokersBody = el('tbody');
  const brokers = el('table', { class: 'grid', 'data-table': 'kafka-brokers', 'aria-label': 'Kafka brokers' },
    el('thead', {}, el('tr', {}, ['Broker', 'Address', 'Size on disk', 'Controller'].map((h) => el('th', { scope: 'col', text: h })))),
    brokersBody);
  const topics = createTable(ctx, {
    name: 'kafka-topics',
    label: 'Kafka topics',
    endpoint: '/api/app/kafka-topics/v2',
    key: 'name',
    search: { label: 'Topic name' },
    sort: { property: 'name', order: 'ASC' },
    pageSize: 10,
    columns: [
      { label: 'Topic', field: 'name', sort: 'name', className: 'wrap' },
      { label: 'Partitions', field: 'partitions', sort: 'partitions' },
      { label: 'Replication', field: 'replicationFactor', sort: 'replicationFactor' },
      { label: 'Size', sort: 'size', render: (r) => formatBytes(r.size) },
    ],
    toolbar: el('button', { type: 'button', class: 'danger', 'data-action': 'remove-topics', text: 'Remove orphan APPLICATION topics',
      onclick: () => removeOrphans() }),
  });
  const groups = createTable(ctx, {
    name: 'consumer-groups',
    label: 'Kafka consumer groups',
    endpoint: '/api/app/consumer-groups/v2',
    key: 'groupId',
    search: { label: 'Group id' },
    sort: { property: 'lag', order: 'DESC' },
    pageSize: 10,
    columns: [
      { label: 'Group', field: 'groupId', sort: 'groupId', className: 'wrap' },
      { label: 'State', field: 'state', sort: 'state' },
      { label: 'Members', field: 'members', sort: 'members' },
      { label: 'Lag', sort: 'lag', render: (r) => formatNumber(r.lag) },
    ],
    actions: [{ action: 'delete', label: 'Delete', danger: true, show: (r) => r.members === 0, run: (row) => removeGroup(row) }],
  });
  appendAll(root, el('h1', { text: 'Kafka' }),
    el('h2', { text: 'Brokers' }), el('div', { class: 'table-scroll' }, brokers),
    el('h2', { text: 'Topics' }), topics.element,
    el('h2', { text: 'Consumer groups' }), groups.element);
  await Promise.all([loadBrokers(), topics.reload(), groups.reload()]);
  ctx.ready();

  async function loadBrokers() {
    try {
      const info = await ctx.api.get('/api/app/cluster-info');
      brokersBody.replaceChildren(...(info?.data || []).map((b) => el('tr', { 'data-key': String(b.brokerId) },
        el('td', { text: String(b.brokerId) }), el('td', { text: b.address }),
        el('td', { text: formatBytes(b.brokerSize) }), el('td', { text: b.controller ? 'yes' : '' }))));
    } catch (e) {
      ctx.showError(e);
    }
  }

  async function removeGroup(row) {
    if (!(await ctx.confirm(`Delete consumer group "${row.groupId}" and its committed offsets?`))) return;
    await ctx.api.del(`/api/app/consumer-group?groupId=${encodeURIComponent(row.groupId)}`);
    ctx.notify(`Deleted consumer group ${row.groupId}.`);
    await groups.reload();
  }

  async function removeOrphans() {
    if (!(await ctx.confirm('Delete the Kafka topics of APPLICATION clients that have no session anywhere in the cluster,'
      + ' with the messages waiting in them? Call this while no APPLICATION clients are connecting.'))) return;
    try {
      await ctx.api.del('/api/app/remove-topics');
      ctx.notify('Removed the orphan APPLICATION topics.');
      await Promise.all([topics.reload(), groups.reload()]);
    } catch (e) {
      ctx.showError(e);
    }
  }
}
