// Building the overlay's DOM: text only (never HTML), attributes as values, no inline styles
// (a strict CSP refuses them; the styles are the shadow root's constructed stylesheet).

/** Where an error in a listener goes: shown by the overlay, never thrown to the page's `onerror`. */
let failed: (error: unknown) => void = (error) => console.error(error);

/** Sets where errors of the overlay's listeners go. */
export const onFailure = (handler: (error: unknown) => void) => {
  failed = handler;
};

/** `run` with its errors sent to the overlay's handler instead of the page. */
export function guard<A extends unknown[]>(run: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      run(...args);
    } catch (error) {
      failed(error);
    }
  };
}

/** Child of `h`: a node, text, or nothing. */
export type Child = Node | string | number | false | null | undefined;

/** An element `tag` with attributes (`on*` functions become listeners) and children as text or nodes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | ((event: Event) => void) | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), guard(value));
    else if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    element.append(typeof child === 'object' ? child : String(child));
  }
  return element;
}

/** One row of a table: its cells, and `data-*` attributes saying what it shows (tests and QA tools read them). */
export interface TableRow {
  cells: Child[];
  data?: Record<string, string | number>;
}

/** `data-*` attributes from `data`'s entries. */
const dataAttributes = (data: TableRow['data'] = {}) =>
  Object.fromEntries(Object.entries(data).map(([name, value]) => [`data-${name}`, String(value)]));

/** A table with a caption, header cells and one row per entry; `empty` when there are none. */
export function table(caption: string, headers: string[], rows: TableRow[], empty: string): HTMLElement {
  if (!rows.length) return h('p', { class: 'empty' }, empty);
  return h(
    'div',
    { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': caption },
    h(
      'table',
      {},
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...headers.map((name) => h('th', { scope: 'col' }, name)))),
      h(
        'tbody',
        {},
        ...rows.map(({ cells, data }) => h('tr', dataAttributes(data), ...cells.map((cell) => h('td', {}, cell)))),
      ),
    ),
  );
}

/** Up to `max` characters of `value` as JSON. */
export function json(value: unknown, max = 160): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? '';
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A time of day with milliseconds. */
export const time = (at: number) => new Date(at).toISOString().slice(11, 23);
