// The shared confirm dialog and modal panes for details and forms. Escape closes every dialog.

import { el } from './dom.js';

/** Asks `text` in dialog#confirm; resolves true for OK, false for Cancel or Escape. */
export function confirm(text) {
  const dialog = document.getElementById('confirm');
  document.getElementById('confirm-text').textContent = text;
  const ok = dialog.querySelector('[data-confirm="ok"]');
  const cancel = dialog.querySelector('[data-confirm="cancel"]');
  return new Promise((resolve) => {
    const finish = (answer) => {
      ok.removeEventListener('click', onOk);
      cancel.removeEventListener('click', onCancel);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    const onOk = () => finish(true);
    const onCancel = () => finish(false);
    const onClose = () => finish(false);
    ok.addEventListener('click', onOk);
    cancel.addEventListener('click', onCancel);
    dialog.addEventListener('close', onClose);
    dialog.showModal();
    cancel.focus();
  });
}

/**
 * Opens a modal pane titled `title` holding `content` (a node or array of nodes); `details` names it for
 * `[data-details]`. Returns `{ dialog, body, close }`; the pane is removed from the page once closed.
 */
export function openDialog({ title, content, details, wide = false, onClose }) {
  const body = el('div', { class: 'dialog-body' }, content);
  const error = el('p', { class: 'error-text dialog-error', 'data-dialog-error': '', role: 'alert' });
  const closeButton = el('button', { type: 'button', class: 'link', 'data-action': 'close', text: 'Close' });
  const heading = el('h2', { text: title });
  const dialog = el('dialog', { class: wide ? 'pane wide' : 'pane', 'data-details': details },
    el('div', { class: 'dialog-head' }, heading, closeButton), error, body);
  heading.id = `${details || 'dialog'}-title`;
  dialog.setAttribute('aria-labelledby', heading.id);
  const close = () => { if (dialog.open) dialog.close(); };
  closeButton.addEventListener('click', close);
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (onClose) onClose();
  });
  document.body.append(dialog);
  dialog.showModal();
  const first = body.querySelector('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea, pre[tabindex]');
  if (first) first.focus();
  return { dialog, body, close };
}

/** Closes every open pane (used when the user navigates away). */
export function closeAllPanes() {
  for (const dialog of document.querySelectorAll('dialog.pane')) {
    if (dialog.open) dialog.close();
  }
}
