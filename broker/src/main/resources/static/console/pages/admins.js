// Admin users: create, edit, enable/disable, delete; and change your own password.

import { openDialog } from '../dialogs.js';
import { appendAll, el, field, formatTime } from '../dom.js';
import { createTable } from '../table.js';

export async function render(root, ctx) {
  const me = await ctx.api.get('/api/auth/user').catch(() => null);
  const table = createTable(ctx, {
    name: 'admins',
    label: 'Admin users',
    endpoint: '/api/admin',
    key: 'id',
    search: { label: 'E-mail or name' },
    sort: { property: 'email', order: 'ASC' },
    columns: [
      { label: 'E-mail', field: 'email', sort: 'email', className: 'wrap' },
      { label: 'First name', field: 'firstName', sort: 'firstName' },
      { label: 'Last name', field: 'lastName', sort: 'lastName' },
      { label: 'Enabled', render: (r) => (r.enabled ? 'yes' : 'no') },
      { label: 'Created', sort: 'createdTime', render: (r) => formatTime(r.createdTime) },
    ],
    actions: [
      { action: 'edit', label: 'Edit', run: (row) => edit(row) },
      { action: 'delete', label: 'Delete', danger: true, show: (row) => row.id !== me?.id, run: (row) => remove(row) },
    ],
    toolbar: [
      el('button', { type: 'button', class: 'primary', 'data-action': 'create', text: 'Create', onclick: () => edit(null) }),
      el('button', { type: 'button', 'data-action': 'change-password', text: 'Change my password', onclick: () => changeOwn() }),
    ],
  });
  appendAll(root, el('h1', { text: 'Admin users' }), table.element);
  await table.reload();
  ctx.ready();

  function edit(user) {
    const enabled = el('input', { type: 'checkbox', name: 'enabled', id: 'admin-enabled', checked: user ? user.enabled : true });
    const form = el('form', { 'data-form': 'admin', class: 'form-grid' },
      field('E-mail', el('input', { name: 'email', type: 'email', required: true, maxlength: 255, value: user?.email || '' })),
      field('Password', el('input', { name: 'password', type: 'password', autocomplete: 'new-password', maxlength: 72, required: !user }),
        user ? 'Empty keeps the password.' : 'Must pass the password policy.'),
      field('First name', el('input', { name: 'firstName', maxlength: 255, value: user?.firstName || '' })),
      field('Last name', el('input', { name: 'lastName', maxlength: 255, value: user?.lastName || '' })),
      el('div', { class: 'field inline' }, enabled, el('label', { for: 'admin-enabled', text: 'Enabled' })),
      el('div', { class: 'form-buttons span-2' }, el('button', { type: 'submit', class: 'primary', text: 'Save' })));
    const pane = openDialog({ title: user ? `Edit ${user.email}` : 'New admin user', details: 'admin', content: form });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const saved = await ctx.api.post('/api/admin', {
          id: user?.id,
          email: form.email.value.trim(),
          firstName: form.firstName.value.trim() || null,
          lastName: form.lastName.value.trim() || null,
          enabled: enabled.checked,
          password: form.password.value || null,
        });
        ctx.notify(`Saved ${saved.email}.`);
        pane.close();
        await table.reload();
      } catch (e) {
        ctx.showError(e);
      }
    });
  }

  async function remove(row) {
    if (!(await ctx.confirm(`Delete admin user ${row.email}?`))) return;
    await ctx.api.del(`/api/admin/${encodeURIComponent(row.id)}`);
    ctx.notify(`Deleted ${row.email}.`);
    await table.reload();
  }

  function changeOwn() {
    const form = el('form', { 'data-form': 'change-password' },
      field('Current password', el('input', { name: 'currentPassword', type: 'password', required: true, autocomplete: 'current-password', maxlength: 255 })),
      field('New password', el('input', { name: 'newPassword', type: 'password', required: true, autocomplete: 'new-password', maxlength: 72 })),
      el('div', { class: 'form-buttons' }, el('button', { type: 'submit', class: 'primary', text: 'Change password' })));
    const pane = openDialog({ title: 'Change my password', details: 'change-password', content: form });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const answer = await ctx.api.post('/api/auth/changePassword', {
          currentPassword: form.currentPassword.value, newPassword: form.newPassword.value,
        });
        if (answer?.token) ctx.api.store(answer);
        ctx.notify('Your password was changed.');
        pane.close();
      } catch (e) {
        ctx.showError(e);
      }
    });
  }
}
