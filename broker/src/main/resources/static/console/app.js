// The console shell: theme, login, navigation, the hash router and the context every page gets.

import { Api } from './api.js';
import { closeAllPanes, confirm } from './dialogs.js';
import { el } from './dom.js';

const PAGES = [
  ['home', 'Home'],
  ['sessions', 'Sessions'],
  ['credentials', 'Credentials'],
  ['subscriptions', 'Subscriptions'],
  ['shared-subscriptions', 'Shared groups'],
  ['retained', 'Retained messages'],
  ['app-shared', 'APPLICATION topics'],
  ['blocked', 'Blocked clients'],
  ['unauthorized', 'Unauthorized clients'],
  ['providers', 'Auth providers'],
  ['kafka', 'Kafka'],
  ['admins', 'Admin users'],
  ['settings', 'Settings'],
  ['ws-client', 'WebSocket client'],
];
const PAGE_IDS = new Set(PAGES.map(([id]) => id));
const THEME_KEY = 'relaymq.theme';

const api = new Api(() => showLogin());
let leaveHandlers = [];
let navigation = 0;

applyTheme(localStorage.getItem(THEME_KEY)
  || (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));

document.getElementById('theme-toggle').addEventListener('click', () => {
  const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
  localStorage.setItem(THEME_KEY, next);
  applyTheme(next);
});
document.getElementById('logout').addEventListener('click', async () => {
  await api.endLogin();
  showLogin();
});
document.getElementById('error-close').addEventListener('click', () => showError(''));
document.addEventListener('keydown', onShortcut);
document.getElementById('login-form').addEventListener('submit', onLogin);
window.addEventListener('hashchange', route);
// an action's failure that no page caught still reaches the banner
window.addEventListener('unhandledrejection', (event) => showError(event.reason instanceof Error ? event.reason : String(event.reason)));
buildNav();
if (api.loggedIn) showApp(); else showLogin();

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  const button = document.getElementById('theme-toggle');
  // the label names what a press does
  button.textContent = theme === 'dark' ? 'Light theme' : 'Dark theme';
}

function buildNav() {
  const nav = document.getElementById('nav');
  nav.replaceChildren(el('ul', {}, PAGES.map(([id, label]) =>
    el('li', {}, el('a', { href: `#/${id}`, 'data-page': id, text: label })))));
}

async function onLogin(event) {
  event.preventDefault();
  const form = event.target;
  const error = document.getElementById('login-error');
  const button = form.querySelector('button[type=submit]');
  error.textContent = '';
  button.disabled = true;
  try {
    await api.login(form.username.value.trim(), form.password.value);
    form.password.value = '';
    showApp();
  } catch (e) {
    error.textContent = e.message;
  } finally {
    button.disabled = false;
  }
}

/** "/" jumps to the page's search field (unless typing somewhere already). */
function onShortcut(event) {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.closest('input, textarea, select, [contenteditable], dialog')) return;
  const search = document.querySelector('main#page input[data-filter="text"]');
  if (search) {
    event.preventDefault();
    search.focus();
  }
}

function showLogin() {
  leave();
  closeAllPanes();
  document.getElementById('app-view').hidden = true;
  document.getElementById('logout').hidden = true;
  document.getElementById('current-user').textContent = '';
  document.getElementById('login-view').hidden = false;
  const page = document.getElementById('page');
  page.replaceChildren();
  page.removeAttribute('data-ready');
  page.removeAttribute('data-page');
  document.querySelector('#login-form input[name=username]').focus();
}

function showApp() {
  document.getElementById('login-view').hidden = true;
  document.getElementById('app-view').hidden = false;
  document.getElementById('logout').hidden = false;
  api.get('/api/auth/user')
    .then((user) => { document.getElementById('current-user').textContent = user?.email || ''; })
    .catch(() => {});
  route();
}

function leave() {
  const handlers = leaveHandlers;
  leaveHandlers = [];
  for (const fn of handlers) {
    try {
      fn();
    } catch (e) {
      console.error('page clean-up failed', e);
    }
  }
}

async function route() {
  if (!api.loggedIn) return;
  const requested = location.hash.replace(/^#\/?/, '').split('?')[0];
  const id = PAGE_IDS.has(requested) ? requested : 'home';
  if (requested !== id) {
    history.replaceState(null, '', `#/${id}`);
  }
  leave();
  closeAllPanes();
  showError('');
  const current = ++navigation;
  const page = document.getElementById('page');
  page.replaceChildren();
  page.removeAttribute('data-ready');
  page.dataset.page = id;
  for (const link of document.querySelectorAll('#nav a[data-page]')) {
    if (link.dataset.page === id) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = `${PAGES.find(([p]) => p === id)[1]} · RelayMQ console`;
  const root = el('div', { class: 'page-root' });
  page.append(root);
  const label = PAGES.find(([p]) => p === id)[1];
  let module;
  try {
    module = await import(`./pages/${id}.js`);
  } catch (e) {
    if (current === navigation) showError(`The ${label} page could not be loaded: ${e.message}`);
    return;
  }
  if (current !== navigation) return;
  try {
    await module.render(root, context(current));
  } catch (e) {
    if (current === navigation) showError(e);
  }
}

function context(current) {
  return {
    api,
    confirm,
    // a page left while it was still loading must not touch the next page's banner or leave list:
    // its clean-up runs at once, and its errors are dropped
    showError: (e) => {
      if (current === navigation) showError(e);
    },
    notify,
    onLeave: (fn) => {
      if (current === navigation) leaveHandlers.push(fn);
      else fn();
    },
    ready: () => {
      if (current === navigation) document.getElementById('page').dataset.ready = 'true';
    },
    get active() { return current === navigation; },
  };
}

function showError(errorOrText) {
  const banner = document.getElementById('error-banner');
  const text = errorOrText instanceof Error ? errorOrText.message : (errorOrText || '');
  document.getElementById('error-text').textContent = text;
  banner.hidden = !text;
  // a modal pane covers the banner: its own error line repeats the text
  for (const line of document.querySelectorAll('dialog.pane[open] [data-dialog-error]')) line.textContent = text;
}

let noticeTimer = null;
function notify(text) {
  const notice = document.getElementById('notice');
  notice.textContent = text;
  notice.hidden = !text;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { notice.hidden = true; }, 4000);
}
