// The request/response view: the exact request the page sent to the platform and the mock's
// answer, as they crossed the MSW worker; the last one of each interface, and a recent list.
import { el, fill } from '../dom';
import { mock } from '../platform';
import type { Exchange } from '../mock';
import { panel } from './panel';

const bodyText = (text: string | undefined): string => {
  if (!text) return '(no body)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** Renders one exchange: request line and body, status and body. */
export function exchangeView(x: Exchange | undefined, name: string): HTMLElement {
  if (!x) return el('div', { class: 'exchange', 'data-exchange': name }, el('p', { class: 'muted' }, 'No request yet.'));
  return el(
    'div',
    { class: 'exchange', 'data-exchange': name, 'data-status': x.done ? x.status : 'pending' },
    el('p', { class: 'request-line' }, el('strong', {}, x.method), ' ', el('code', {}, x.url)),
    el('pre', { class: 'request-body' }, bodyText(x.requestBody)),
    el('p', { class: 'status-line' }, x.done ? (x.status === 0 ? 'network failure (no response)' : `HTTP ${x.status}`) : 'waiting for the answer…'),
    el('pre', { class: 'response-body' }, x.done ? bodyText(x.responseBody) : ''),
  );
}

/** The last exchange with an interface (`recs`, `stash`, ...), or of any. */
export const lastExchange = (api?: string): Exchange | undefined => [...mock.exchanges].reverse().find((x) => !api || x.api === api);

export function exchangesPanel(): HTMLElement {
  const select = el('select', { name: 'api' }, ...['all', 'recs', 'events', 'stash', 'experiences', 'integrations'].map((a) => el('option', { value: a }, a)));
  const last = el('div', {});
  const recent = el('ol', { class: 'recent', reversed: true });
  const refresh = () => {
    const api = select.value === 'all' ? undefined : select.value;
    fill(last, exchangeView(lastExchange(api), 'last'));
    const list = mock.exchanges.filter((x) => !api || x.api === api).slice(-15).reverse();
    fill(recent, ...list.map((x) => el('li', { 'data-status': x.done ? x.status : 'pending' }, `${x.done ? (x.status === 0 ? 'ERR' : x.status) : '…'} ${x.method} ${x.url}`)));
  };
  select.addEventListener('change', refresh);
  let queued = false;
  mock.onExchange(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      refresh();
    });
  });
  refresh();
  return panel('exchanges', 'Requests and responses', el('label', {}, 'Interface ', select), el('h4', {}, 'Last call'), last, el('h4', {}, 'Recent calls'), recent);
}

/** Resolves when the exchange has its answer (or failed). */
export function whenDone(x: Exchange): Promise<Exchange> {
  if (x.done) return Promise.resolve(x);
  return new Promise((resolve) => {
    const off = mock.onExchange((changed) => {
      if (changed === x && x.done) {
        off();
        resolve(x);
      }
    });
  });
}

/** Shows, in `container`, the exchange the call `action` made with `api` (the last one it sent). */
export async function showCallExchange(container: HTMLElement, api: string, name: string, action: () => Promise<unknown>): Promise<void> {
  const before = lastExchange(api);
  try {
    await action();
  } finally {
    const after = lastExchange(api);
    fill(container, after && after !== before ? exchangeView(await whenDone(after), name) : el('p', { class: 'muted', 'data-exchange': name }, 'No request was sent.'));
  }
}
