// "Test this topic against the rules": asks the node, which checks exactly as it checks clients.

import { el, field } from '../dom.js';

/** A topic input, a Test button and the result; `rules()` gives the patterns and placeholder values to test. */
export function topicTester(ctx, rules) {
  const topic = el('input', { name: 'testTopic', maxlength: 65535, placeholder: 'e.g. sensors/7/temperature', autocomplete: 'off' });
  const result = el('p', { 'data-test-result': '', 'aria-live': 'polite', class: 'hint' });
  const button = el('button', { type: 'button', 'data-action': 'test-topic', text: 'Test topic' });
  button.addEventListener('click', async () => {
    result.textContent = '';
    if (!topic.value) {
      result.textContent = 'Enter a topic or topic filter to test.';
      return;
    }
    try {
      const answer = await ctx.api.post('/api/mqtt/client/credentials/rules/check', { ...rules(), topic: topic.value });
      result.textContent = `${topic.value}: publish ${answer.publishAllowed ? 'allowed' : 'denied'},`
        + ` subscribe ${answer.subscribeAllowed ? 'allowed' : 'denied'}`;
    } catch (e) {
      result.textContent = e.message;
      ctx.showError(e);
    }
  });
  // Enter in the topic field tests instead of submitting the surrounding form
  topic.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      button.click();
    }
  });
  return el('fieldset', { class: 'topic-test' },
    el('legend', { text: 'Test a topic against these rules' }),
    field('Topic or topic filter', topic, 'Placeholders ${clientId} and ${username} take the values above.'),
    button, result);
}
