// Blocked clients: by client id, user name, address or a regular expression, with an optional expiry.

import { openDialog } from '../dialogs.js';
import { appendAll, el, field, formatTime, query, select } from '../dom.js';
import { createTable } from '../table.js';

const TYPES = [['CLIENT_ID', 'Client id'], ['USERNAME', 'User name'], ['IP_ADDRESS', 'IP address'], ['REGEX', 'Regular expression']];
const TARGETS = [['BY_CLIENT_ID', 'client id'], ['BY_USERNAME', 'user name'], ['BY_IP_ADDRESS', 'IP address']];

export async function render(root, ctx) {
  const ttl = await ctx.api.get('/api/blockedClient/ttl').catch(() => null);
  const table = createTable(ctx, {
    name: 'blocked',
    label: 'Blocked clients',
    endpoint: '/api/blockedClient/v2',
    key: (r) => `${r.type}|${r.value}|${r.regexMatchTarget || ''}`,
    search: { label: 'Value or description' },
    sort: { property: 'value', order: 'ASC' },
    filters: [
      { name: 'type', label: 'Type', options: [['', 'All'], ...TYPES], param: (v) => ({ typeList: v }) },
      { name: 'target', label: 'Matches', options: [['', 'All'], ...TARGETS], param: (v) => ({ regexMatchTargetList: v }) },
    ],
    columns: [
      { label: 'Type', field: 'type', sort: 'type' },
      { label: 'Value', field: 'value', sort: 'value', className: 'wrap' },
      { label: 'Matches', sort: 'regexMatchTarget', render: (r) => (r.regexMatchTarget ? TARGETS.find((t) => t[0] === r.regexMatchTarget)?.[1] : '') },
      { label: 'Status', field: 'status', sort: 'status' },
      { label: 'Expires', sort: 'expirationTime', render: (r) => (r.expirationTime > 0 ? formatTime(r.expirationTime) : 'never') },
      { label: 'Description', field: 'description', sort: 'description', className: 'wrap' },
    ],
    actions: [{ action: 'delete', label: 'Unblock', danger: true, run: (row) => remove(row) }],
    toolbar: el('button', { type: 'button', class: 'primary', 'data-action': 'create', text: 'Block a client', onclick: () => create() }),
    empty: 'No blocked clients.',
  });
  appendAll(root, el('h1', { text: 'Blocked clients' }),
    ttl === null ? null : el('p', { class: 'hint', text: `Expired blocks stay listed for ${ttl} minutes.` }),
    table.element);
  await table.reload();
  ctx.ready();

  function create() {
    const type = select({ name: 'type' }, TYPES, 'CLIENT_ID');
    const targetField = field('Regular expression matches', select({ name: 'regexMatchTarget' }, TARGETS, 'BY_CLIENT_ID'));
    const form = el('form', { 'data-form': 'blocked', class: 'form-grid' },
      field('Type', type), targetField,
      field('Value', el('input', { name: 'value', required: true, maxlength: 1024 })),
      field('Expires at', el('input', { name: 'expirationTime', type: 'datetime-local' }), 'Empty: never.'),
      field('Description', el('input', { name: 'description', maxlength: 1024 })),
      el('div', { class: 'form-buttons span-2' }, el('button', { type: 'submit', class: 'primary', text: 'Block' })));
    const sync = () => { targetField.hidden = type.value !== 'REGEX'; };
    type.addEventListener('change', sync);
    sync();
    const pane = openDialog({ title: 'Block a client', details: 'blocked', content: form });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const expires = form.expirationTime.value ? new Date(form.expirationTime.value).getTime() : 0;
        await ctx.api.post('/api/blockedClient', {
          type: type.value,
          value: form.value.value,
          expirationTime: expires,
          description: form.description.value.trim() || null,
          regexMatchTarget: type.value === 'REGEX' ? form.regexMatchTarget.value : null,
        });
        ctx.notify(`Blocked ${form.value.value}.`);
        pane.close();
        await table.reload();
      } catch (e) {
        ctx.showError(e);
      }
    });
  }

  async function remove(row) {
    if (!(await ctx.confirm(`Unblock ${row.type} "${row.value}"?`))) return;
    await ctx.api.del(`/api/blockedClient${query({ type: row.type, value: row.value, regexMatchTarget: row.regexMatchTarget })}`);
    ctx.notify(`Unblocked ${row.value}.`);
    await table.reload();
  }
}
