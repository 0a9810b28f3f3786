// Unauthorized clients: the latest refused connection attempt of each client id.

import { appendAll, el, formatTime } from '../dom.js';
import { createTable } from '../table.js';

export async function render(root, ctx) {
  const yesNo = (v) => (v ? 'yes' : 'no');
  const bool = (name, label, param) => ({
    name, label, options: [['', 'All'], ['true', 'yes'], ['false', 'no']], param: (v) => ({ [param]: v }),
  });
  const table = createTable(ctx, {
    name: 'unauthorized',
    label: 'Unauthorized clients',
    endpoint: '/api/unauthorized/client/v2',
    key: 'clientId',
    search: { label: 'Client id', param: 'clientId' },
    sort: { property: 'ts', order: 'DESC' },
    inputs: [
      { name: 'ipAddress', label: 'Address' },
      { name: 'username', label: 'User name' },
      { name: 'reason', label: 'Reason' },
    ],
    filters: [bool('password', 'Password given', 'passwordProvidedList'), bool('tls', 'TLS', 'tlsUsedList')],
    columns: [
      { label: 'Client id', field: 'clientId', sort: 'clientId', className: 'wrap' },
      { label: 'Address', field: 'ipAddress', sort: 'ipAddress' },
      { label: 'User name', field: 'username', sort: 'username' },
      { label: 'Password', render: (r) => yesNo(r.passwordProvided) },
      { label: 'TLS', render: (r) => yesNo(r.tlsUsed) },
      { label: 'Reason', field: 'reason', sort: 'reason', className: 'wrap' },
      { label: 'When', sort: 'ts', render: (r) => formatTime(r.ts) },
    ],
    actions: [{ action: 'delete', label: 'Delete', danger: true, run: (row) => remove(row) }],
    toolbar: el('button', { type: 'button', class: 'danger', 'data-action': 'delete-all', text: 'Delete all', onclick: () => removeAll() }),
    empty: 'No refused clients.',
  });
  appendAll(root, el('h1', { text: 'Unauthorized clients' }), table.element);
  await table.reload();
  ctx.ready();

  async function remove(row) {
    if (!(await ctx.confirm(`Delete the entry of "${row.clientId}"?`))) return;
    await ctx.api.del(`/api/unauthorized/client?clientId=${encodeURIComponent(row.clientId)}`);
    ctx.notify(`Deleted the entry of ${row.clientId}.`);
    await table.reload();
  }

  async function removeAll() {
    if (!(await ctx.confirm('Delete every entry of refused clients?'))) return;
    try {
      await ctx.api.del('/api/unauthorized/client');
      ctx.notify('Deleted every entry.');
      await table.reload();
    } catch (e) {
      ctx.showError(e);
    }
  }
}
