// Auth providers: switch each on or off and edit its configuration (a form for JWT, JSON for the others).

import { openDialog } from '../dialogs.js';
import { appendAll, el, field } from '../dom.js';
import { createTable } from '../table.js';
import { httpCheck } from './providers-http.js';
import { jwtForm } from './providers-jwt.js';

const NAMES = { MQTT_BASIC: 'Basic', X_509: 'X.509 certificate', JWT: 'JWT', HTTP: 'HTTP endpoint', SCRAM: 'SCRAM' };

export async function render(root, ctx) {
  const table = createTable(ctx, {
    name: 'providers',
    label: 'Auth providers',
    endpoint: '/api/mqtt/auth/providers',
    key: 'type',
    search: null,
    sort: { property: 'type', order: 'ASC' },
    columns: [
      { label: 'Provider', sort: 'type', render: (r) => NAMES[r.type] || r.type },
      { label: 'Type', field: 'type' },
      { label: 'Enabled', sort: 'enabled', render: (r) => el('span', { class: r.enabled ? 'badge ok' : 'badge off', text: r.enabled ? 'on' : 'off' }) },
      { label: 'Configuration', render: (r) => summary(r.configuration), className: 'wrap' },
    ],
    actions: [
      { action: 'edit', label: 'Configure', run: (row) => edit(row) },
      { action: 'enable', label: 'Enable', show: (row) => !row.enabled, run: (row) => toggle(row, true) },
      { action: 'disable', label: 'Disable', danger: true, show: (row) => row.enabled, run: (row) => toggle(row, false) },
    ],
  });
  appendAll(root, el('h1', { text: 'Auth providers' }),
    el('p', { class: 'hint', text: 'The order in which providers are asked is set on each node (MQTT_AUTH_PROVIDER_ORDER).' }),
    table.element);
  await table.reload();
  ctx.ready();

  async function toggle(row, on) {
    if (!on && !(await ctx.confirm(`Disable the ${NAMES[row.type]} provider? Clients that log in with it are refused from then on.`))) return;
    await ctx.api.post(`/api/mqtt/auth/provider/${row.id}/${on ? 'enable' : 'disable'}`);
    ctx.notify(`${NAMES[row.type]} provider ${on ? 'enabled' : 'disabled'}.`);
    await table.reload();
  }

  function edit(row) {
    const save = async (configuration) => {
      await ctx.api.post('/api/mqtt/auth/provider', { type: row.type, configuration });
      ctx.notify(`Saved the ${NAMES[row.type]} provider's configuration.`);
      pane.close();
      await table.reload();
    };
    const content = row.type === 'JWT' ? jwtForm(row.configuration, save, ctx) : jsonForm(row.configuration, save, ctx, row.type);
    const pane = openDialog({ title: `${NAMES[row.type]} provider`, details: 'provider', wide: true, content });
  }
}

function jsonForm(configuration, save, ctx, type) {
  const text = el('textarea', { name: 'configuration', rows: 14, spellcheck: 'false' }, JSON.stringify(configuration || {}, null, 2));
  const parsed = () => {
    try {
      return JSON.parse(text.value);
    } catch (e) {
      throw new Error(`The configuration is not valid JSON: ${e.message}`);
    }
  };
  const form = el('form', { 'data-form': 'provider' },
    field('Configuration (JSON object)', text, 'See the README section of this provider for its fields.'),
    type === 'HTTP' ? httpCheck(ctx, parsed) : null,
    el('div', { class: 'form-buttons' }, el('button', { type: 'submit', class: 'primary', text: 'Save' })));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await save(parsed());
    } catch (e) {
      ctx.showError(e);
    }
  });
  return form;
}

// the list never shows secrets (JWT keys, HTTP credentials): only the edit form holds them
const SECRET_NAMES = /secret|password|token|credential|authorization|privatekey/i;

function masked(value) {
  if (Array.isArray(value)) return value.map(masked);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) =>
      [k, SECRET_NAMES.test(k) && v !== null && v !== '' ? '••••' : masked(v)]));
  }
  return value;
}

function summary(configuration) {
  const text = JSON.stringify(masked(configuration || {}));
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
}
