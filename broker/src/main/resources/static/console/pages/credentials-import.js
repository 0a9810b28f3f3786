// Bulk import of MQTT_BASIC credentials from CSV whose header row names the columns.

import { appendAll, el, field } from '../dom.js';

const MAX_CHARS = 4_000_000;
const SAMPLE = 'name,clientType,clientId,userName,password,pubAuthRulePatterns,subAuthRulePatterns\n'
  + 'meter-1,DEVICE,meter-1,meter-1,secret-1,meters/1/.*,commands/1/.*';

/** The import form; `done()` runs after an import that created or updated anything. */
export function bulkImportForm(ctx, done) {
  const text = el('textarea', { name: 'file', spellcheck: 'false', rows: 10, placeholder: SAMPLE });
  const file = el('input', { type: 'file', name: 'csvFile', accept: '.csv,text/csv,text/plain' });
  const update = el('input', { type: 'checkbox', name: 'update', id: 'import-update' });
  const result = el('div', { 'data-import-result': '', 'aria-live': 'polite' });
  const form = el('form', { 'data-form': 'bulk-import' },
    el('p', { class: 'hint', text: 'CSV with a header row naming the columns name, clientType, clientId, userName, password,'
      + ' pubAuthRulePatterns and subAuthRulePatterns (patterns separated by ";"). At most 10,000 rows.' }),
    field('CSV file', file),
    field('CSV text', text),
    el('div', { class: 'field inline' }, update,
      el('label', { for: 'import-update', text: 'Update credentials whose client id / user name exist already' })),
    el('div', { class: 'form-buttons' }, el('button', { type: 'submit', class: 'primary', text: 'Import' })),
    result);

  file.addEventListener('change', async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    if (chosen.size > MAX_CHARS) {
      ctx.showError(`The file has ${chosen.size} bytes; an import takes at most ${MAX_CHARS}.`);
      return;
    }
    text.value = await chosen.text();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    result.replaceChildren();
    if (!text.value.trim()) {
      ctx.showError('Choose a CSV file or paste CSV text first.');
      return;
    }
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    result.append(el('p', { class: 'hint', text: 'Importing… rows with a password take a while each.' }));
    try {
      const answer = await ctx.api.post(
        `/api/mqtt/client/credentials/bulk_import?update=${update.checked}`, text.value);
      result.replaceChildren();
      appendAll(result,
        el('p', { text: `Created ${answer.created}, updated ${answer.updated}, ${answer.errors.length} rows refused.` }),
        answer.errors.length ? el('ul', { class: 'errors' }, answer.errors.map((e) => el('li', { text: e }))) : null);
      if (answer.created || answer.updated) done();
    } catch (e) {
      result.replaceChildren();
      ctx.showError(e);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}
