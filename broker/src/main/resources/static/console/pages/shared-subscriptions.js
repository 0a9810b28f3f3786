// Shared subscription groups: $share/<group>/<filter> with their member clients.

import { openDialog } from '../dialogs.js';
import { appendAll, el } from '../dom.js';
import { createTable } from '../table.js';

export async function render(root, ctx) {
  const table = createTable(ctx, {
    name: 'shared-subscriptions',
    label: 'Shared subscription groups',
    endpoint: '/api/subscription',
    key: (r) => `${r.shareName}|${r.topicFilter}`,
    search: { label: 'Share name or filter' },
    sort: { property: 'shareName', order: 'ASC' },
    inputs: [
      { name: 'shareName', label: 'Share name', param: 'shareNameSearch' },
      { name: 'clientId', label: 'Member client id', param: 'clientIdSearch' },
    ],
    columns: [
      { label: 'Share name', field: 'shareName', sort: 'shareName', className: 'wrap' },
      { label: 'Topic filter', field: 'topicFilter', sort: 'topicFilter', className: 'wrap' },
      { label: 'Members', sort: 'clientsCount', render: (r) => String(r.clients.length) },
      { label: 'Connected', render: (r) => String(r.clients.filter((c) => c.connected).length) },
    ],
    actions: [{ action: 'details', label: 'Members', run: (row) => members(row) }],
    empty: 'No shared subscriptions match.',
  });
  appendAll(root, el('h1', { text: 'Shared subscription groups' }), table.element);
  await table.reload();
  ctx.ready();

  function members(group) {
    openDialog({
      title: `$share/${group.shareName}/${group.topicFilter}`,
      details: 'shared-group',
      wide: true,
      content: el('div', { class: 'table-scroll' }, el('table', { class: 'grid', 'data-table': 'shared-members' },
        el('thead', {}, el('tr', {}, ['Client id', 'Client type', 'Status', 'QoS'].map((h) => el('th', { scope: 'col', text: h })))),
        el('tbody', {}, group.clients.map((c) => el('tr', { 'data-key': c.clientId },
          el('td', { text: c.clientId }), el('td', { text: c.clientType || '' }),
          el('td', { text: c.connected ? 'connected' : 'disconnected' }), el('td', { text: c.qos })))))),
    });
  }
}
