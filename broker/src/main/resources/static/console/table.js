// The generic server-paged table: the server filters, sorts and pages; the browser shows one page.

import { el, query, select } from './dom.js';

const DEBOUNCE_MS = 300;

/**
 * Creates a table bound to a list endpoint that answers `{data, totalElements}` for
 * `pageSize, page, textSearch, sortProperty, sortOrder` plus filter parameters.
 *
 * spec:
 * - name: `data-table` value; endpoint: the list path; key: row field (or function) for `data-key`
 * - columns: [{ label, field, sort (sortProperty), render(row) -> node|string }]
 * - search: { label, param = 'textSearch' } or null for no text filter
 * - filters: [{ name, label, options: [[value, label]] | async () => [[value, label]], param(value) -> {…} }]
 * - inputs: [{ name, label, param }]: extra debounced text filters (`input[data-filter=<name>]`)
 * - actions: [{ action, label, run(row), show(row) -> bool, danger }]
 * - sort: { property, order }; pageSize (default 25); params() -> fixed extra parameters
 */
export function createTable(ctx, spec) {
  const state = {
    page: 0,
    pageSize: spec.pageSize || 25,
    sortProperty: spec.sort?.property || '',
    sortOrder: spec.sort?.order || 'ASC',
    text: '',
    filters: Object.fromEntries((spec.filters || []).map((f) => [f.name, f.initial ?? ''])),
    inputs: Object.fromEntries((spec.inputs || []).map((f) => [f.name, ''])),
    total: 0,
    sequence: 0,
  };
  const keyOf = typeof spec.key === 'function' ? spec.key : (row) => row[spec.key];

  const tbody = el('tbody');
  const headRow = el('tr', {}, spec.columns.map((c) => header(c)),
    spec.actions?.length ? el('th', { scope: 'col', class: 'actions-col', text: 'Actions' }) : null);
  const table = el('table', { 'data-table': spec.name, class: 'grid', 'aria-label': spec.label || spec.name },
    el('thead', {}, headRow), tbody);
  const status = el('span', { 'data-pager': 'status', 'aria-live': 'polite' });
  const prev = el('button', { type: 'button', 'data-pager': 'prev', 'aria-label': 'Previous page', text: '‹ Prev' });
  const next = el('button', { type: 'button', 'data-pager': 'next', 'aria-label': 'Next page', text: 'Next ›' });
  const size = select({ 'data-pager': 'size', 'aria-label': 'Rows per page' },
    [10, 25, 50, 100, 500].map((n) => [n, `${n} / page`]), state.pageSize);
  const toolbar = el('div', { class: 'toolbar' }, searchBox(), (spec.inputs || []).map(inputBox),
    (spec.filters || []).map(filterSelect), spec.toolbar || null);
  const pager = el('div', { class: 'pager' }, prev, status, next, size);
  const element = el('section', { class: 'table-block' }, toolbar, el('div', { class: 'table-scroll' }, table), pager);

  tbody.addEventListener('keydown', moveBetweenRows);
  prev.addEventListener('click', () => { state.page -= 1; reload(); });
  next.addEventListener('click', () => { state.page += 1; reload(); });
  size.addEventListener('change', () => { state.pageSize = Number(size.value); state.page = 0; reload(); });

  function header(column) {
    if (!column.sort) return el('th', { scope: 'col', text: column.label });
    const button = el('button', { type: 'button', class: 'sort', text: column.label });
    const th = el('th', { scope: 'col', 'data-sort': column.sort, 'aria-sort': ariaSort(column.sort) }, button);
    th.addEventListener('click', () => {
      if (state.sortProperty === column.sort) state.sortOrder = state.sortOrder === 'ASC' ? 'DESC' : 'ASC';
      else { state.sortProperty = column.sort; state.sortOrder = 'ASC'; }
      state.page = 0;
      reload();
    });
    return th;
  }

  function ariaSort(property) {
    if (state.sortProperty !== property) return 'none';
    return state.sortOrder === 'ASC' ? 'ascending' : 'descending';
  }

  function searchBox() {
    if (spec.search === null) return null;
    const label = spec.search?.label || 'Search';
    const input = el('input', { type: 'search', 'data-filter': 'text', placeholder: label, 'aria-label': label, 'aria-keyshortcuts': '/', title: 'Press / to search',
      maxlength: 255 });
    debounced(input, (value) => { state.text = value; });
    return input;
  }

  function inputBox(filter) {
    const input = el('input', { type: 'search', 'data-filter': filter.name, placeholder: filter.label,
      'aria-label': filter.label, maxlength: 255 });
    debounced(input, (value) => { state.inputs[filter.name] = value; });
    return input;
  }

  function debounced(input, set) {
    let timer = null;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => { set(input.value.trim()); state.page = 0; reload(); }, DEBOUNCE_MS);
    });
  }

  function filterSelect(filter) {
    const control = select({ 'data-filter': filter.name, 'aria-label': filter.label }, [], '');
    const fill = (options) => {
      control.replaceChildren(...options.map(([value, label]) =>
        el('option', { value, text: label, selected: String(value) === String(state.filters[filter.name]) })));
    };
    if (typeof filter.options === 'function') {
      fill([['', `${filter.label}: all`]]);
      filter.options().then(fill).catch((e) => ctx.showError(e));
    } else {
      fill(filter.options);
    }
    control.addEventListener('change', () => { state.filters[filter.name] = control.value; state.page = 0; reload(); });
    return el('label', { class: 'filter' }, el('span', { class: 'filter-label', text: filter.label }), control);
  }

  function params() {
    const p = {
      pageSize: state.pageSize,
      page: state.page,
      sortProperty: state.sortProperty,
      sortOrder: state.sortProperty ? state.sortOrder : '',
      ...(spec.params ? spec.params() : {}),
    };
    if (state.text) p[spec.search?.param || 'textSearch'] = state.text;
    for (const filter of spec.inputs || []) {
      if (state.inputs[filter.name]) p[filter.param || filter.name] = state.inputs[filter.name];
    }
    for (const filter of spec.filters || []) {
      const value = state.filters[filter.name];
      // '' and 'all' both mean "no filter"
      if (value !== '' && value !== 'all' && value !== undefined) Object.assign(p, filter.param ? filter.param(value) : { [filter.name]: value });
    }
    return p;
  }

  /** Loads the current page; resolves once it is shown (errors go to the banner). */
  async function reload() {
    const sequence = ++state.sequence;
    table.setAttribute('aria-busy', 'true');
    try {
      const page = await ctx.api.get(spec.endpoint + query(params()));
      if (sequence !== state.sequence) return;
      const rows = page?.data || [];
      state.total = page?.totalElements ?? rows.length;
      if (rows.length === 0 && state.page > 0 && state.total > 0) {
        state.page = Math.max(0, Math.ceil(state.total / state.pageSize) - 1);
        await reload();
        return;
      }
      render(rows);
    } catch (e) {
      // a late answer for a page the user has left stays quiet
      if (sequence === state.sequence && ctx.active !== false) ctx.showError(e);
    } finally {
      if (sequence === state.sequence) table.removeAttribute('aria-busy');
    }
  }

  function render(rows) {
    tbody.replaceChildren(...rows.map(row));
    if (rows.length === 0) {
      const span = spec.columns.length + (spec.actions?.length ? 1 : 0);
      tbody.append(el('tr', { class: 'empty' }, el('td', { colspan: span, text: spec.empty || 'Nothing to show.' })));
    }
    const from = rows.length ? state.page * state.pageSize + 1 : 0;
    const to = state.page * state.pageSize + rows.length;
    status.textContent = `${from}–${to} of ${state.total}`;
    prev.disabled = state.page === 0;
    next.disabled = to >= state.total;
    for (const th of headRow.querySelectorAll('th[data-sort]')) th.setAttribute('aria-sort', ariaSort(th.dataset.sort));
  }

  function row(data) {
    const cells = spec.columns.map((c) => {
      const value = c.render ? c.render(data) : data[c.field];
      return el('td', { class: c.className, 'data-label': c.label }, value ?? '');
    });
    const tr = el('tr', { 'data-key': keyOf(data) }, cells);
    if (spec.actions?.length) {
      const buttons = spec.actions.filter((a) => !a.show || a.show(data)).map((a) => {
        const button = el('button', { type: 'button', 'data-action': a.action, class: a.danger ? 'danger small' : 'small',
          text: a.label, 'aria-label': `${a.label} ${keyOf(data)}` });
        button.addEventListener('click', () => runAction(a, data, button));
        return button;
      });
      tr.append(el('td', { class: 'actions' }, buttons));
    }
    return tr;
  }

  /** Up and down arrows move the focus to the same action of the row above or below. */
  function moveBetweenRows(event) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const button = event.target.closest('button[data-action]');
    if (!button) return;
    const row = event.key === 'ArrowDown' ? button.closest('tr').nextElementSibling : button.closest('tr').previousElementSibling;
    const target = row?.querySelector(`button[data-action="${button.dataset.action}"]`) || row?.querySelector('button[data-action]');
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }

  /** Runs a row action once at a time; the button keeps the focus, so closing a dialog returns to it. */
  async function runAction(action, data, button) {
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    try {
      await action.run(data);
    } catch (e) {
      ctx.showError(e);
    } finally {
      button.removeAttribute('aria-busy');
    }
  }

  return { element, reload, table };
}
