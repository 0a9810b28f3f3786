// The JWT provider's settings as a form (algorithm and key, claims, client type, rules).

import { el, field, lines, select } from '../dom.js';

const ALGORITHMS = [['HMAC_BASED', 'HMAC secret'], ['PEM_KEY', 'PEM public key (RSA or EC)'], ['JWKS', 'JWKS URL']];

export function jwtForm(config, save, ctx) {
  const c = config || {};
  const input = (name, value, attrs = {}) => el('input', { name, value: value ?? '', maxlength: 4096, autocomplete: 'off', ...attrs });
  const area = (name, value, rows = 3) => el('textarea', { name, rows, spellcheck: 'false' }, value);
  const algorithm = select({ name: 'algorithm' }, ALGORITHMS, c.algorithm || 'HMAC_BASED');
  const keyFields = {
    HMAC_BASED: field('Secret', input('secret', c.secret, { type: 'password' }), 'At least 32 bytes.'),
    PEM_KEY: field('Public key (PEM)', area('publicPemKey', c.publicPemKey || '', 6)),
    JWKS: field('JWKS URL', input('jwksUrl', c.jwksUrl, { type: 'url' })),
  };
  const rules = c.authRules || { pubAuthRulePatterns: ['.*'], subAuthRulePatterns: ['.*'] };
  const noExpiry = el('input', { type: 'checkbox', name: 'allowTokensWithoutExpiry', id: 'jwt-no-exp', checked: Boolean(c.allowTokensWithoutExpiry) });
  const form = el('form', { 'data-form': 'jwt-provider', class: 'form-grid' },
    field('Algorithm', algorithm), el('div'),
    Object.values(keyFields).map((f) => { f.classList.add('span-2'); return f; }),
    field('Issuer (iss)', input('issuer', c.issuer)),
    field('Audience (aud)', input('audience', c.audience)),
    field('Claims that must match', area('authClaims', pairs(c.authClaims)), 'One claim=value per line; ${clientId}, ${username}, ${cn} allowed.'),
    field('Claims of APPLICATION clients', area('clientTypeClaims', pairs(c.clientTypeClaims)), 'One claim=value per line.'),
    field('Default client type', select({ name: 'defaultClientType' }, [['DEVICE', 'DEVICE'], ['APPLICATION', 'APPLICATION']], c.defaultClientType || 'DEVICE')),
    el('div', { class: 'field inline' }, noExpiry, el('label', { for: 'jwt-no-exp', text: 'Accept tokens without expiry (exp)' })),
    field('Publish rules claim', input('pubRulesClaim', c.pubRulesClaim)),
    field('Subscribe rules claim', input('subRulesClaim', c.subRulesClaim)),
    field('Default publish rules', area('pubAuthRulePatterns', (rules.pubAuthRulePatterns || []).join('\n')), 'One regular expression per line.'),
    field('Default subscribe rules', area('subAuthRulePatterns', (rules.subAuthRulePatterns || []).join('\n'))),
    el('div', { class: 'form-buttons span-2' }, el('button', { type: 'submit', class: 'primary', text: 'Save' })));

  const sync = () => Object.entries(keyFields).forEach(([a, f]) => { f.hidden = a !== algorithm.value; });
  algorithm.addEventListener('change', sync);
  sync();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const text = (name) => form[name].value.trim() || null;
      await save({
        ...c,
        algorithm: algorithm.value,
        secret: algorithm.value === 'HMAC_BASED' ? form.secret.value : null,
        publicPemKey: algorithm.value === 'PEM_KEY' ? text('publicPemKey') : null,
        jwksUrl: algorithm.value === 'JWKS' ? text('jwksUrl') : null,
        issuer: text('issuer'),
        audience: text('audience'),
        authClaims: parsePairs(form.authClaims.value),
        clientTypeClaims: parsePairs(form.clientTypeClaims.value),
        defaultClientType: form.defaultClientType.value,
        allowTokensWithoutExpiry: noExpiry.checked,
        pubRulesClaim: text('pubRulesClaim'),
        subRulesClaim: text('subRulesClaim'),
        authRules: { pubAuthRulePatterns: lines(form.pubAuthRulePatterns.value), subAuthRulePatterns: lines(form.subAuthRulePatterns.value) },
      });
    } catch (e) {
      ctx.showError(e);
    }
  });
  return form;
}

function pairs(map) {
  return Object.entries(map || {}).map(([k, v]) => `${k}=${v}`).join('\n');
}

/** "claim=value" lines as an object; throws naming a line without "=". */
function parsePairs(text) {
  const result = {};
  for (const line of lines(text)) {
    const at = line.indexOf('=');
    if (at <= 0) throw new Error(`"${line}" is not claim=value`);
    result[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return result;
}
