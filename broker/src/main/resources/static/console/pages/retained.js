// Retained messages: search by topic and payload, view the payload as text, JSON or hex, delete.

import { openDialog } from '../dialogs.js';
import { appendAll, el, formatTime, propertyList } from '../dom.js';
import { createTable } from '../table.js';
import { payloadViewer } from './payload.js';

export async function render(root, ctx) {
  const table = createTable(ctx, {
    name: 'retained',
    label: 'Retained messages',
    endpoint: '/api/retained-msg/v2',
    key: 'topic',
    search: { label: 'Topic', param: 'topicName' },
    sort: { property: 'topic', order: 'ASC' },
    inputs: [{ name: 'payload', label: 'Payload contains' }],
    filters: [{
      name: 'qos', label: 'QoS',
      options: [['', 'All'], ['0', '0'], ['1', '1'], ['2', '2']],
      param: (v) => ({ qosList: v }),
    }],
    columns: [
      { label: 'Topic', field: 'topic', sort: 'topic', className: 'wrap' },
      { label: 'QoS', field: 'qos', sort: 'qos' },
      { label: 'Payload', render: (r) => preview(r.payload) , className: 'wrap' },
      { label: 'Content type', field: 'contentType' },
      { label: 'Created', sort: 'createdTime', render: (r) => formatTime(r.createdTime) },
    ],
    actions: [
      { action: 'view', label: 'View', run: (row) => view(row.topic) },
      { action: 'delete', label: 'Delete', danger: true, run: (row) => remove(row.topic) },
    ],
    empty: 'No retained messages match.',
  });
  appendAll(root, el('h1', { text: 'Retained messages' }), table.element);
  await table.reload();
  ctx.ready();

  async function view(topic) {
    const message = await ctx.api.get(`/api/retained-msg?topicName=${encodeURIComponent(topic)}`);
    const props = message.userProperties?.props || [];
    openDialog({
      title: `Retained message on ${topic}`,
      details: 'retained',
      wide: true,
      content: [
        propertyList([
          ['Topic', message.topic], ['QoS', message.qos], ['Created', formatTime(message.createdTime)],
          ['Content type', message.contentType], ['Expiry interval', message.messageExpiryInterval],
          ...props.map((p) => [`User property ${p.k}`, p.v]),
        ]),
        payloadViewer(message.payloadBase64),
      ],
    });
  }

  async function remove(topic) {
    if (!(await ctx.confirm(`Delete the retained message on "${topic}"?`))) return;
    await ctx.api.del(`/api/retained-msg?topicName=${encodeURIComponent(topic)}`);
    ctx.notify(`Deleted the retained message on ${topic}.`);
    await table.reload();
  }
}

function preview(text) {
  if (!text) return '';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

