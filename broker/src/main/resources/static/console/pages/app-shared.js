// APPLICATION shared-subscription topics: the registered filters with their Kafka topics.

import { openDialog } from '../dialogs.js';
import { appendAll, el, field, formatTime } from '../dom.js';
import { createTable } from '../table.js';

const PATH = '/api/app/shared/subs';

export async function render(root, ctx) {
  const table = createTable(ctx, {
    name: 'app-shared',
    label: 'APPLICATION shared subscriptions',
    endpoint: PATH,
    key: 'id',
    search: { label: 'Name or topic filter' },
    sort: { property: 'name', order: 'ASC' },
    columns: [
      { label: 'Name', field: 'name', sort: 'name', className: 'wrap' },
      { label: 'Topic filter', field: 'topicFilter', sort: 'topicFilter', className: 'wrap' },
      { label: 'Partitions', field: 'partitions', sort: 'partitions' },
      { label: 'Kafka topic', field: 'kafkaTopic', className: 'wrap' },
      { label: 'Created', sort: 'createdTime', render: (r) => formatTime(r.createdTime) },
    ],
    actions: [{ action: 'delete', label: 'Delete', danger: true, run: (row) => remove(row) }],
    toolbar: el('button', { type: 'button', class: 'primary', 'data-action': 'create', text: 'Create', onclick: () => create() }),
    empty: 'No APPLICATION shared subscriptions.',
  });
  appendAll(root, el('h1', { text: 'APPLICATION shared-subscription topics' }),
    el('p', { class: 'hint', text: 'Each entry gives the APPLICATION clients sharing a topic filter one Kafka topic.' }),
    table.element);
  await table.reload();
  ctx.ready();

  function create() {
    const form = el('form', { 'data-form': 'app-shared' },
      field('Name', el('input', { name: 'name', required: true, maxlength: 255 })),
      field('Topic filter', el('input', { name: 'topicFilter', required: true, maxlength: 1024 }),
        'Without the $share/<group>/ prefix.'),
      field('Partitions', el('input', { name: 'partitions', type: 'number', min: 1, max: 1000, value: '1' })),
      el('div', { class: 'form-buttons' }, el('button', { type: 'submit', class: 'primary', text: 'Create' })));
    const pane = openDialog({ title: 'New APPLICATION shared subscription', details: 'app-shared', content: form });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const saved = await ctx.api.post(PATH, {
          name: form.name.value.trim(), topicFilter: form.topicFilter.value, partitions: Number(form.partitions.value),
        });
        ctx.notify(`Created ${saved.name} (Kafka topic ${saved.kafkaTopic}).`);
        pane.close();
        await table.reload();
      } catch (e) {
        ctx.showError(e);
      }
    });
  }

  async function remove(row) {
    if (!(await ctx.confirm(`Delete "${row.name}" and its Kafka topic ${row.kafkaTopic} with the messages in it?`))) return;
    await ctx.api.del(`${PATH}/${encodeURIComponent(row.id)}`);
    ctx.notify(`Deleted ${row.name}.`);
    await table.reload();
  }
}
