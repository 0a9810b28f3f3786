// Subscriptions: every client's subscriptions, one row each; add one to a client or remove one.

import { openDialog } from '../dialogs.js';
import { appendAll, el, field, select } from '../dom.js';
import { createTable } from '../table.js';

const QOS_NAMES = ['AT_MOST_ONCE', 'AT_LEAST_ONCE', 'EXACTLY_ONCE'];
const qosNumber = (qos) => (typeof qos === 'number' ? qos : QOS_NAMES.indexOf(qos));

export async function render(root, ctx) {
  const table = createTable(ctx, {
    name: 'subscriptions',
    label: 'Subscriptions',
    endpoint: '/api/subscription/all',
    key: (r) => `${r.clientId}|${r.subscription.topicFilter}`,
    search: { label: 'Client id', param: 'clientId' },
    sort: { property: 'clientId', order: 'ASC' },
    inputs: [{ name: 'topicFilter', label: 'Topic filter' }],
    filters: [{
      name: 'qos', label: 'QoS',
      options: [['', 'All'], ['0', '0'], ['1', '1'], ['2', '2']],
      param: (v) => ({ qosList: v }),
    }],
    columns: [
      { label: 'Client id', field: 'clientId', sort: 'clientId', className: 'wrap' },
      { label: 'Topic filter', sort: 'topicFilter', render: (r) => r.subscription.topicFilter, className: 'wrap' },
      { label: 'QoS', sort: 'qos', render: (r) => String(qosNumber(r.subscription.qos)) },
      { label: 'Options', render: (r) => options(r.subscription.options) },
      { label: 'Subscription id', render: (r) => r.subscription.subscriptionId ?? '' },
    ],
    actions: [{ action: 'unsubscribe', label: 'Unsubscribe', danger: true, run: (row) => unsubscribe(row) }],
    toolbar: el('button', { type: 'button', class: 'primary', 'data-action': 'create', text: 'Add subscription', onclick: () => add() }),
    empty: 'No subscriptions match.',
  });
  appendAll(root, el('h1', { text: 'Subscriptions' }), table.element);
  await table.reload();
  ctx.ready();

  async function current(clientId) {
    return (await ctx.api.get(`/api/subscription?clientId=${encodeURIComponent(clientId)}`)) || [];
  }

  async function unsubscribe(row) {
    const filter = row.subscription.topicFilter;
    if (!(await ctx.confirm(`Unsubscribe client "${row.clientId}" from "${filter}"?`))) return;
    const remaining = (await current(row.clientId)).filter((s) => s.topicFilter !== filter);
    await ctx.api.post('/api/subscription', { clientId: row.clientId, subscriptions: remaining });
    ctx.notify(`Unsubscribed ${row.clientId} from ${filter}.`);
    await table.reload();
  }

  function add() {
    const form = el('form', { 'data-form': 'subscription', class: 'form-grid' },
      field('Client id', el('input', { name: 'clientId', required: true, maxlength: 65535 }),
        'A client with a session; its other subscriptions stay.'),
      field('Topic filter', el('input', { name: 'topicFilter', required: true, maxlength: 65535 })),
      field('QoS', select({ name: 'qos' }, [[0, '0'], [1, '1'], [2, '2']], 1)),
      field('Retain handling', select({ name: 'retainHandling' }, [[0, '0: send retained'], [1, '1: only new'], [2, '2: never']], 0)),
      checkbox('noLocal', 'No local'),
      checkbox('retainAsPublish', 'Retain as published'),
      el('div', { class: 'form-buttons span-2' }, el('button', { type: 'submit', class: 'primary', text: 'Subscribe' })));
    const pane = openDialog({ title: 'Add a subscription', details: 'subscription', content: form });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const clientId = form.clientId.value.trim();
        const filter = form.topicFilter.value;
        const others = (await current(clientId)).filter((s) => s.topicFilter !== filter);
        const added = {
          topicFilter: filter,
          qos: Number(form.qos.value),
          options: { noLocal: form.noLocal.checked, retainAsPublish: form.retainAsPublish.checked,
            retainHandling: Number(form.retainHandling.value) },
        };
        await ctx.api.post('/api/subscription', { clientId, subscriptions: [...others, added] });
        ctx.notify(`Subscribed ${clientId} to ${filter}.`);
        pane.close();
        await table.reload();
      } catch (e) {
        ctx.showError(e);
      }
    });
  }
}

function checkbox(name, label) {
  const id = `sub-${name}`;
  return el('div', { class: 'field inline' }, el('input', { type: 'checkbox', name, id }), el('label', { for: id, text: label }));
}

function options(o) {
  if (!o) return '';
  const parts = [];
  if (o.noLocal) parts.push('no local');
  if (o.retainAsPublish) parts.push('retain as published');
  if (o.retainHandling) parts.push(`retain handling ${o.retainHandling}`);
  return parts.join(', ');
}
