// The subscriptions made on the page: ul[data-ws-subscriptions] with li[data-filter] showing the granted
// QoS (data-granted-qos) or the failure reason (data-failed), and an unsubscribe button per granted one.

import { el } from './dom.js';

export class SubscriptionList {
  /** unsubscribe(filter) is called by an item's button. */
  constructor(unsubscribe) {
    this.unsubscribe = unsubscribe;
    this.items = new Map();
    this.list = el('ul', { class: 'ws-subscriptions', 'data-ws-subscriptions': true });
  }

  /** Shows one SUBACK result, replacing an earlier item of the same filter. */
  show({ topicFilter, grantedQos, reason }) {
    const failed = grantedQos === null;
    const item = el(
      'li',
      { 'data-filter': topicFilter, 'data-granted-qos': failed ? null : grantedQos, 'data-failed': failed ? 'true' : null },
      el('span', { class: 'ws-topic', text: topicFilter }),
      el('span', { class: failed ? 'badge bad' : 'badge ok', text: reason }),
      failed
        ? null
        : el('button', {
            type: 'button',
            class: 'small',
            'data-action': 'unsubscribe',
            text: 'Unsubscribe',
            onclick: () => this.unsubscribe(topicFilter),
          }),
    );
    this.remove(topicFilter);
    this.items.set(topicFilter, item);
    this.list.append(item);
  }

  remove(topicFilter) {
    this.items.get(topicFilter)?.remove();
    this.items.delete(topicFilter);
  }

  clear() {
    this.items.clear();
    this.list.replaceChildren();
  }
}
