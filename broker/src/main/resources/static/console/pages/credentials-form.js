// The create/edit form of credentials: type-specific fields, ACL rules (one regex per line) and a topic test.

import { appendAll, el, field, lines, select } from '../dom.js';
import { topicTester } from './topic-test.js';

const TYPES = [['MQTT_BASIC', 'Basic (client id / user name / password)'], ['SSL', 'X.509 certificate'], ['SCRAM', 'SCRAM']];

/** The form for `existing` credentials (null: new ones); `save(body)` gets the request body. */
export function credentialsForm(existing, save, ctx) {
  const value = parseValue(existing);
  const rules = rulesOf(existing?.credentialsType, value);
  const editing = Boolean(existing);
  const input = (name, attrs = {}) => el('input', { name, maxlength: 255, autocomplete: 'off', ...attrs });
  const form = el('form', { 'data-form': 'credentials', class: 'form-grid' });
  const typeSelect = select({ name: 'credentialsType', disabled: editing }, TYPES, existing?.credentialsType || 'MQTT_BASIC');
  const groups = {
    name: field('Name', input('name', { required: true, value: existing?.name || '' })),
    clientType: field('Client type', select({ name: 'clientType' },
      [['DEVICE', 'DEVICE'], ['APPLICATION', 'APPLICATION']], existing?.clientType || 'DEVICE')),
    credentialsType: field('Credentials type', typeSelect, editing ? 'The type of saved credentials cannot change.' : null),
    description: field('Description', input('description', { maxlength: 1000, value: existing?.additionalInfo?.description || '' })),
    clientId: field('Client id', input('clientId', { value: value.clientId || '' }), 'Basic: client id, user name or both.'),
    userName: field('User name', input('userName', { value: value.userName || '' })),
    password: field('Password', input('password', { type: 'password', autocomplete: 'new-password' }),
      editing ? 'Empty keeps the current password.' : 'Basic: empty accepts any password.'),
    algorithm: field('SCRAM algorithm', select({ name: 'algorithm' },
      [['SHA_256', 'SCRAM-SHA-256'], ['SHA_512', 'SCRAM-SHA-512']], value.algorithm || 'SHA_256')),
    certCnPattern: field('Certificate CN', input('certCnPattern', { maxlength: 1024, value: value.certCnPattern || '' })),
    certCnIsRegex: el('div', { class: 'field inline' },
      el('input', { type: 'checkbox', name: 'certCnIsRegex', id: 'cred-cn-regex', checked: Boolean(value.certCnIsRegex) }),
      el('label', { for: 'cred-cn-regex', text: 'The CN is a regular expression' })),
    cnRule: field('Rules apply to CNs matching', input('cnRulePattern', { maxlength: 1024, value: rules.cnRule }),
      'X.509: a regular expression over the client certificate CN.'),
    pub: field('Publish rules', el('textarea', { name: 'pubAuthRulePatterns', spellcheck: 'false' }, rules.pub.join('\n')),
      'One regular expression per line; .* allows every topic; empty allows none.'),
    sub: field('Subscribe rules', el('textarea', { name: 'subAuthRulePatterns', spellcheck: 'false' }, rules.sub.join('\n')),
      'One regular expression per line, matched against the whole topic filter.'),
  };
  groups.pub.classList.add('span-2');
  groups.sub.classList.add('span-2');
  const shownFor = {
    clientId: ['MQTT_BASIC'], userName: ['MQTT_BASIC', 'SCRAM'], password: ['MQTT_BASIC', 'SCRAM'],
    algorithm: ['SCRAM'], certCnPattern: ['SSL'], certCnIsRegex: ['SSL'], cnRule: ['SSL'],
  };
  const extraMappings = rules.others;
  const tester = topicTester(ctx, () => ({
    pubAuthRulePatterns: lines(form.pubAuthRulePatterns.value),
    subAuthRulePatterns: lines(form.subAuthRulePatterns.value),
    clientId: form.clientId.value.trim() || null,
    username: form.userName.value.trim() || null,
    cn: typeSelect.value === 'SSL' && !form.certCnIsRegex.checked ? form.certCnPattern.value.trim() || null : null,
  }));
  appendAll(form, Object.values(groups),
    extraMappings ? el('p', { class: 'hint span-2', text: `These credentials map ${extraMappings} more CN patterns to rules;`
      + ' saving keeps them and changes only the first.' }) : null,
    el('div', { class: 'span-2' }, tester),
    el('div', { class: 'form-buttons span-2' }, el('button', { type: 'submit', class: 'primary', text: 'Save' })));

  const showFields = () => {
    for (const [name, types] of Object.entries(shownFor)) groups[name].hidden = !types.includes(typeSelect.value);
  };
  typeSelect.addEventListener('change', showFields);
  showFields();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      await save(body(form, existing, value));
    } catch (e) {
      ctx.showError(e);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

function parseValue(existing) {
  if (!existing?.credentialsValue) return {};
  try {
    return typeof existing.credentialsValue === 'string' ? JSON.parse(existing.credentialsValue) : existing.credentialsValue;
  } catch {
    return {};
  }
}

/** The rules to edit: an X.509 credential's first CN mapping, else the credential's own rules. */
function rulesOf(type, value) {
  if (type === 'SSL') {
    const entries = Object.entries(value.authRulesMapping || {});
    const [cnRule, rules] = entries[0] || ['.*', { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] }];
    return { cnRule, pub: rules.pubAuthRulePatterns || [], sub: rules.subAuthRulePatterns || [], others: entries.length - 1 };
  }
  const rules = value.authRules || { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] };
  return { cnRule: '.*', pub: rules.pubAuthRulePatterns || [], sub: rules.subAuthRulePatterns || [], others: 0 };
}

function body(form, existing, stored) {
  const type = form.credentialsType.value;
  const authRules = {
    pubAuthRulePatterns: lines(form.pubAuthRulePatterns.value),
    subAuthRulePatterns: lines(form.subAuthRulePatterns.value),
  };
  const text = (name) => form[name].value.trim() || null;
  let credentialsValue;
  if (type === 'SSL') {
    const mapping = Object.fromEntries(Object.entries(stored.authRulesMapping || {}).slice(1));
    credentialsValue = {
      certCnPattern: text('certCnPattern'),
      certCnIsRegex: form.certCnIsRegex.checked,
      authRulesMapping: { [text('cnRulePattern') || '.*']: authRules, ...mapping },
    };
  } else if (type === 'SCRAM') {
    credentialsValue = { userName: text('userName'), algorithm: form.algorithm.value, password: form.password.value || null, authRules };
  } else {
    credentialsValue = { clientId: text('clientId'), userName: text('userName'), password: form.password.value || null, authRules };
  }
  const description = form.description.value.trim();
  const info = { ...(existing?.additionalInfo || {}) };
  if (description) info.description = description; else delete info.description;
  return {
    id: existing?.id,
    name: form.name.value.trim(),
    clientType: form.clientType.value,
    credentialsType: type,
    credentialsValue,
    additionalInfo: info,
  };
}
