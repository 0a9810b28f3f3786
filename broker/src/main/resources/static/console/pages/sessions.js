// Sessions: every client session of the cluster, connected or not, with details, disconnect and remove.

import { openDialog } from '../dialogs.js';
import { appendAll, el, formatTime } from '../dom.js';
import { createTable } from '../table.js';
import { showSessionDetails } from './session-details.js';

export async function render(root, ctx) {
  const table = createTable(ctx, {
    name: 'sessions',
    label: 'Client sessions',
    endpoint: '/api/v2/client-session',
    key: 'clientId',
    search: { label: 'Client id' },
    sort: { property: 'clientId', order: 'ASC' },
    inputs: [{ name: 'address', label: 'Address', param: 'clientIpAddress' }],
    filters: [
      {
        name: 'connected', label: 'Status', initial: 'all',
        options: [['all', 'All'], ['true', 'Connected'], ['false', 'Disconnected']],
        param: (v) => ({ connectedStatusList: v === 'true' ? 'CONNECTED' : 'DISCONNECTED' }),
      },
      {
        name: 'clientType', label: 'Kind',
        options: [['', 'All'], ['DEVICE', 'DEVICE'], ['APPLICATION', 'APPLICATION']],
        param: (v) => ({ clientTypeList: v }),
      },
      {
        name: 'node', label: 'Node',
        options: async () => [['', 'All'], ...(await ctx.api.get('/api/app/brokers')).map((n) => [n, n])],
        param: (v) => ({ nodeIdList: v }),
      },
    ],
    columns: [
      { label: 'Client id', field: 'clientId', sort: 'clientId', className: 'wrap' },
      { label: 'Status', sort: 'connectionState', render: stateBadge },
      { label: 'Kind', field: 'clientType', sort: 'clientType' },
      { label: 'Node', field: 'nodeId', sort: 'nodeId' },
      { label: 'Address', field: 'clientIpAdr', sort: 'clientIpAdr' },
      { label: 'Subscriptions', field: 'subscriptionsCount', sort: 'subscriptionsCount' },
      { label: 'Connected at', sort: 'connectedAt', render: (r) => formatTime(r.connectedAt) },
    ],
    actions: [
      { action: 'details', label: 'Details', run: (row) => details(row.clientId) },
      {
        action: 'disconnect', label: 'Disconnect', danger: true,
        show: (row) => row.connectionState === 'CONNECTED',
        run: (row) => disconnect(row),
      },
      { action: 'remove', label: 'Remove', danger: true, run: (row) => remove(row) },
    ],
    empty: 'No sessions match.',
  });

  appendAll(root, el('h1', { text: 'Sessions' }), table.element);
  await table.reload();
  ctx.ready();

  async function details(clientId) {
    const session = await ctx.api.get(`/api/client-session/details?clientId=${encodeURIComponent(clientId)}`);
    showSessionDetails(openDialog, session);
  }

  async function disconnect(row) {
    if (!(await ctx.confirm(`Disconnect client "${row.clientId}"? A persistent session stays.`))) return;
    await ctx.api.del(`/api/client-session/disconnect?clientId=${encodeURIComponent(row.clientId)}`);
    ctx.notify(`Disconnected ${row.clientId}.`);
    await table.reload();
  }

  async function remove(row) {
    if (!(await ctx.confirm(`Remove the session of "${row.clientId}"? Its subscriptions and stored messages are dropped.`))) return;
    await ctx.api.del(`/api/client-session/remove?clientId=${encodeURIComponent(row.clientId)}`);
    ctx.notify(`Removed the session of ${row.clientId}.`);
    await table.reload();
  }
}

function stateBadge(row) {
  const connected = row.connectionState === 'CONNECTED';
  return el('span', { class: connected ? 'badge ok' : 'badge off', text: connected ? 'connected' : 'disconnected' });
}
