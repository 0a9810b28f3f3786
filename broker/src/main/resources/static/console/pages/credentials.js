// Credentials: MQTT_BASIC, X.509 (SSL) and SCRAM client credentials with their ACL rules.

import { openDialog } from '../dialogs.js';
import { appendAll, el, field, formatTime } from '../dom.js';
import { createTable } from '../table.js';
import { credentialsForm } from './credentials-form.js';
import { bulkImportForm } from './credentials-import.js';

const PATH = '/api/mqtt/client/credentials';

export async function render(root, ctx) {
  const table = createTable(ctx, {
    name: 'credentials',
    label: 'MQTT client credentials',
    endpoint: '/api/v2/mqtt/client/credentials',
    key: 'id',
    search: { label: 'Name' },
    sort: { property: 'createdTime', order: 'DESC' },
    inputs: [
      { name: 'clientId', label: 'Client id' },
      { name: 'username', label: 'User name' },
      { name: 'certificateCn', label: 'Certificate CN' },
    ],
    filters: [
      {
        name: 'clientType', label: 'Kind',
        options: [['', 'All'], ['DEVICE', 'DEVICE'], ['APPLICATION', 'APPLICATION']],
        param: (v) => ({ clientTypeList: v }),
      },
      {
        name: 'credentialsType', label: 'Type',
        options: [['', 'All'], ['MQTT_BASIC', 'Basic'], ['SSL', 'X.509'], ['SCRAM', 'SCRAM']],
        param: (v) => ({ credentialsTypeList: v }),
      },
    ],
    columns: [
      { label: 'Name', field: 'name', sort: 'name', className: 'wrap' },
      { label: 'Kind', field: 'clientType', sort: 'clientType' },
      { label: 'Type', field: 'credentialsType', sort: 'credentialsType' },
      { label: 'Lookup key', field: 'credentialsId', className: 'wrap' },
      { label: 'Created', sort: 'createdTime', render: (r) => formatTime(r.createdTime) },
    ],
    actions: [
      { action: 'edit', label: 'Edit', run: (row) => edit(row.id) },
      { action: 'password', label: 'Password', show: (row) => row.credentialsType !== 'SSL', run: (row) => password(row) },
      { action: 'delete', label: 'Delete', danger: true, run: (row) => remove(row) },
    ],
    toolbar: [
      el('button', { type: 'button', class: 'primary', 'data-action': 'create', text: 'Create', onclick: () => edit(null) }),
      el('button', { type: 'button', 'data-action': 'import', text: 'Bulk import', onclick: () => toImport() }),
    ],
    empty: 'No credentials match.',
  });
  const importSection = el('section', { class: 'import', 'aria-labelledby': 'bulk-import-title' },
    el('h2', { id: 'bulk-import-title', text: 'Bulk import' }),
    bulkImportForm(ctx, () => table.reload()));
  appendAll(root, el('h1', { text: 'Credentials' }), table.element, importSection);
  await table.reload();
  ctx.ready();

  async function edit(id) {
    const existing = id ? await ctx.api.get(`${PATH}/${encodeURIComponent(id)}`) : null;
    const pane = openDialog({
      title: existing ? `Edit ${existing.name}` : 'Create credentials',
      details: 'credentials',
      wide: true,
      content: credentialsForm(existing, async (body) => {
        const saved = await ctx.api.post(PATH, body);
        ctx.notify(`Saved credentials ${saved.name}.`);
        pane.close();
        await table.reload();
      }, ctx),
    });
  }

  async function password(row) {
    const form = el('form', { 'data-form': 'password' },
      field('Current password', el('input', { name: 'currentPassword', type: 'password', autocomplete: 'off', maxlength: 255 }),
        'Needed when the credentials have a password.'),
      field('New password', el('input', { name: 'newPassword', type: 'password', autocomplete: 'new-password', maxlength: 255 }),
        row.credentialsType === 'SCRAM' ? 'Required for SCRAM.' : 'Empty: any password (or none) is accepted.'),
      el('div', { class: 'form-buttons' }, el('button', { type: 'submit', class: 'primary', text: 'Change password' })));
    const pane = openDialog({ title: `Password of ${row.name}`, details: 'password', content: form });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        await ctx.api.post(`${PATH}/${encodeURIComponent(row.id)}`, {
          currentPassword: form.currentPassword.value || null,
          newPassword: form.newPassword.value || null,
        });
        ctx.notify(`Changed the password of ${row.name}.`);
        pane.close();
      } catch (e) {
        ctx.showError(e);
      }
    });
  }

  async function remove(row) {
    if (!(await ctx.confirm(`Delete credentials "${row.name}"? Clients connected with them are disconnected.`))) return;
    await ctx.api.del(`${PATH}/${encodeURIComponent(row.id)}`);
    ctx.notify(`Deleted credentials ${row.name}.`);
    await table.reload();
  }

  function toImport() {
    importSection.scrollIntoView({ behavior: 'smooth', block: 'start' });
    importSection.querySelector('textarea').focus({ preventScroll: true });
  }
}
