// The HTTP provider's endpoint check: asks the endpoint once about sample credentials.

import { el, field } from '../dom.js';

/** A fieldset that checks the configuration `configuration()` returns against sample credentials. */
export function httpCheck(ctx, configuration) {
  const input = (name, attrs = {}) => el('input', { name, maxlength: 1024, autocomplete: 'off', ...attrs });
  const clientId = input('sampleClientId', { placeholder: 'relaymq-check' });
  const username = input('sampleUsername');
  const password = input('samplePassword', { type: 'password' });
  const result = el('pre', { class: 'code', 'data-check-result': '', 'aria-live': 'polite', hidden: true });
  const button = el('button', { type: 'button', 'data-action': 'check-endpoint', text: 'Check the endpoint' });
  button.addEventListener('click', async () => {
    result.hidden = true;
    let config;
    try {
      config = configuration();
    } catch (e) {
      ctx.showError(e);
      return;
    }
    button.disabled = true;
    try {
      const answer = await ctx.api.post('/api/mqtt/auth/provider/http/check', {
        type: 'HTTP',
        configuration: config,
        sample: {
          clientId: clientId.value.trim() || undefined,
          username: username.value.trim() || undefined,
          password: password.value || undefined,
        },
      });
      result.textContent = JSON.stringify(answer, null, 2);
      result.hidden = false;
    } catch (e) {
      ctx.showError(e);
    } finally {
      button.disabled = false;
    }
  });
  return el('fieldset', { class: 'topic-test' },
    el('legend', { text: 'Check the endpoint with sample credentials (the node sends one request to the URL above)' }),
    el('div', { class: 'form-grid' }, field('Client id', clientId), field('User name', username), field('Password', password)),
    button, result);
}
