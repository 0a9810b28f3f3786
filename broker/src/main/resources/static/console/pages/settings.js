// Settings: general (base URL), outgoing mail with a test mail, the admin password policy, and the rest as JSON.

import { appendAll, el, field, select } from '../dom.js';

const GENERAL = [{ name: 'baseUrl', label: 'Base URL', type: 'url', hint: 'Password reset links start with it.' }];
const MAIL = [
  { name: 'mailFrom', label: 'From address' },
  { name: 'smtpProtocol', label: 'Protocol', options: [['smtp', 'smtp'], ['smtps', 'smtps']] },
  { name: 'smtpHost', label: 'SMTP host' },
  { name: 'smtpPort', label: 'SMTP port', type: 'number' },
  { name: 'timeout', label: 'Timeout (ms)', type: 'number' },
  { name: 'enableTls', label: 'STARTTLS', type: 'checkbox' },
  { name: 'tlsVersion', label: 'TLS version' },
  { name: 'username', label: 'User name' },
  { name: 'password', label: 'Password', type: 'password', hint: 'Never shown; empty keeps the stored one for the same server and user.' },
  { name: 'enableProxy', label: 'Use a proxy', type: 'checkbox' },
  { name: 'proxyHost', label: 'Proxy host' },
  { name: 'proxyPort', label: 'Proxy port', type: 'number' },
  { name: 'proxyUser', label: 'Proxy user' },
  { name: 'proxyPassword', label: 'Proxy password', type: 'password' },
];
const POLICY = [
  { name: 'minimumLength', label: 'Minimum length', type: 'number' },
  { name: 'maximumLength', label: 'Maximum length', type: 'number' },
  { name: 'minimumUppercaseLetters', label: 'Uppercase letters', type: 'number' },
  { name: 'minimumLowercaseLetters', label: 'Lowercase letters', type: 'number' },
  { name: 'minimumDigits', label: 'Digits', type: 'number' },
  { name: 'minimumSpecialCharacters', label: 'Special characters', type: 'number' },
  { name: 'allowWhitespaces', label: 'Allow whitespace', type: 'checkbox' },
];
const OTHER_KEYS = ['connectivity', 'websocket', 'mqttAuthorization'];

export async function render(root, ctx) {
  const [general, mail, security] = await Promise.all([
    ctx.api.get('/api/admin/settings/general'),
    ctx.api.get('/api/admin/settings/mail'),
    ctx.api.get('/api/admin/securitySettings'),
  ]);
  const saveSetting = async (setting, jsonValue) => {
    await ctx.api.post('/api/admin/settings', { id: setting.id, key: setting.key, jsonValue });
    ctx.notify(`Saved the ${setting.key} settings.`);
  };
  const mailForm = fieldsForm('mail', MAIL, mail.jsonValue, (value) => saveSetting(mail, value), ctx);
  const testButton = el('button', { type: 'button', 'data-action': 'test-mail', text: 'Send a test mail to me' });
  testButton.addEventListener('click', async () => {
    try {
      await ctx.api.post('/api/admin/settings/testMail', { key: 'mail', jsonValue: { ...mail.jsonValue, ...mailForm.values() } });
      ctx.notify('The test mail was sent.');
    } catch (e) {
      ctx.showError(e);
    }
  });
  mailForm.form.querySelector('.form-buttons').prepend(testButton);
  appendAll(root, 
    el('h1', { text: 'Settings' }),
    el('h2', { text: 'General' }),
    fieldsForm('general', GENERAL, general.jsonValue, (value) => saveSetting(general, value), ctx).form,
    el('h2', { text: 'Outgoing mail' }),
    mailForm.form,
    el('h2', { text: 'Admin password policy' }),
    fieldsForm('password-policy', POLICY, security.passwordPolicy, async (passwordPolicy) => {
      await ctx.api.post('/api/admin/securitySettings', { ...security, passwordPolicy: { ...security.passwordPolicy, ...passwordPolicy } });
      ctx.notify('Saved the password policy.');
    }, ctx).form,
    el('h2', { text: 'Other settings' }),
    otherSettings(ctx));
  ctx.ready();
}

/** A form of `fields` filled from `value`; `save(merged value)` on submit. Returns { form, values() }. */
function fieldsForm(name, fields, value, save, ctx) {
  const current = value || {};
  const controls = fields.map((f) => {
    let control;
    if (f.options) control = select({ name: f.name }, f.options, current[f.name] ?? f.options[0][0]);
    else if (f.type === 'checkbox') control = el('input', { type: 'checkbox', name: f.name, checked: Boolean(current[f.name]) });
    else control = el('input', { name: f.name, type: f.type || 'text', maxlength: 1024, autocomplete: 'off',
      value: f.type === 'password' ? '' : (current[f.name] ?? '') });
    return [f, control];
  });
  const form = el('form', { 'data-form': name, class: 'form-grid card' },
    controls.map(([f, control]) => (f.type === 'checkbox'
      ? el('div', { class: 'field inline' }, control, el('label', { for: (control.id = `${name}-${f.name}`), text: f.label }))
      : field(f.label, control, f.hint))),
    el('div', { class: 'form-buttons span-2' }, el('button', { type: 'submit', class: 'primary', text: 'Save' })));
  const values = () => {
    const result = {};
    for (const [f, control] of controls) {
      if (f.type === 'checkbox') result[f.name] = control.checked;
      else if (f.type === 'number') result[f.name] = control.value === '' ? null : Number(control.value);
      else if (f.type === 'password') { if (control.value) result[f.name] = control.value; }
      else result[f.name] = control.value.trim();
    }
    return result;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await save({ ...current, ...values() });
    } catch (e) {
      ctx.showError(e);
    }
  });
  return { form, values };
}

/** The settings RelayMQ only stores (for TBMQ's UI), edited as JSON. */
function otherSettings(ctx) {
  const key = select({ name: 'key', 'aria-label': 'Settings key' }, OTHER_KEYS.map((k) => [k, k]), OTHER_KEYS[0]);
  const text = el('textarea', { name: 'jsonValue', rows: 10, spellcheck: 'false' });
  let setting = null;
  const load = async () => {
    try {
      setting = await ctx.api.get(`/api/admin/settings/${key.value}`);
      text.value = JSON.stringify(setting.jsonValue, null, 2);
    } catch (e) {
      ctx.showError(e);
    }
  };
  key.addEventListener('change', load);
  load();
  const form = el('form', { 'data-form': 'other-settings', class: 'card' },
    el('p', { class: 'hint', text: 'Stored and answered for TBMQ-compatible tools; RelayMQ does not act on them.' }),
    field('Key', key), field('Value (JSON object)', text),
    el('div', { class: 'form-buttons' }, el('button', { type: 'submit', class: 'primary', text: 'Save' })));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    let jsonValue;
    try {
      jsonValue = JSON.parse(text.value);
    } catch (e) {
      ctx.showError(`Not valid JSON: ${e.message}`);
      return;
    }
    try {
      await ctx.api.post('/api/admin/settings', { id: setting?.id, key: key.value, jsonValue });
      ctx.notify(`Saved the ${key.value} settings.`);
    } catch (e) {
      ctx.showError(e);
    }
  });
  return form;
}
