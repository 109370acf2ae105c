// The request/response view: the exact request the page sent to the platform and the mock's
// answer, as they crossed the MSW worker; the last one of each interface, and a recent list.
import { el, fill } from '../dom';
import type { Exchange } from '../mock';
import { mock } from '../platform';
import { panel } from './panel';

const bodyText = (text: string | undefined): string => {
  if (!text) return '(no body)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** `data-status` of an exchange: the HTTP status, 0 for a network failure, `aborted`, or `pending`. */
const statusOf = (x: Exchange): string => (x.aborted ? 'aborted' : x.done ? String(x.status) : 'pending');

/** The outcome in a few words, as the page saw it. */
function outcomeLine(x: Exchange): string {
  if (x.aborted) {
    const late = x.late
      ? `; the mock answered HTTP ${x.late.status} after ${x.late.afterMs} ms, too late: the page never saw it`
      : '';
    return `${x.aborted.reason}: the page aborted the request after ${x.aborted.afterMs} ms, no answer${late}`;
  }
  if (!x.done) return 'waiting for the answer…';
  return x.status === 0 ? 'network failure (no response)' : `HTTP ${x.status}`;
}

/** Renders one exchange: request line and body, status and body. */
function exchangeView(x: Exchange | undefined, name: string): HTMLElement {
  if (!x)
    return el('div', { class: 'exchange', 'data-exchange': name }, el('p', { class: 'muted' }, 'No request yet.'));
  return el(
    'div',
    { class: 'exchange', 'data-exchange': name, 'data-status': statusOf(x) },
    el('p', { class: 'request-line' }, el('strong', {}, x.method), ' ', el('code', {}, x.url)),
    el('pre', { tabindex: 0, class: 'request-body' }, bodyText(x.requestBody)),
    el('p', { class: 'status-line' }, outcomeLine(x)),
    el('pre', { tabindex: 0, class: 'response-body' }, x.done && !x.aborted ? bodyText(x.responseBody) : ''),
  );
}

/** The short status of Recent calls: the HTTP status, ERR (network failure), the abort's reason, or … */
const shortStatus = (x: Exchange): string =>
  x.aborted ? x.aborted.reason : !x.done ? '…' : x.status === 0 ? 'ERR' : String(x.status);

/** The last exchange with an interface (`recs`, `stash`, ...), or of any. */
const lastExchange = (api?: string): Exchange | undefined =>
  [...mock.exchanges].reverse().find((x) => !api || x.api === api);

export function exchangesPanel(): HTMLElement {
  const select = el(
    'select',
    { name: 'api' },
    ...['all', 'recs', 'events', 'stash', 'experiences', 'integrations'].map((a) => el('option', { value: a }, a)),
  );
  const last = el('div', {});
  const recent = el('ol', { class: 'recent', reversed: true });
  const refresh = () => {
    const api = select.value === 'all' ? undefined : select.value;
    fill(last, exchangeView(lastExchange(api), 'last'));
    const list = mock.exchanges
      .filter((x) => !api || x.api === api)
      .slice(-15)
      .reverse();
    fill(
      recent,
      ...list.map((x) => el('li', { 'data-status': statusOf(x) }, `${shortStatus(x)} ${x.method} ${x.url}`)),
    );
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
  return panel(
    'exchanges',
    'Requests and responses',
    el('label', {}, 'Interface ', select),
    el('h4', {}, 'Last call'),
    last,
    el('h4', {}, 'Recent calls'),
    recent,
  );
}

/** Resolves when the exchange has its answer (or failed). */
function whenDone(x: Exchange): Promise<Exchange> {
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

/**
 * Shows, in `container`, the exchange the call `action` made with `api` (the last one it sent).
 * An error `action` throws (after showing it) is not thrown on: its code names the page's abort
 * of the exchange (`TIMEOUT`), which then stays the call's outcome whatever the mock answers later.
 */
export async function showCallExchange(
  container: HTMLElement,
  api: string,
  name: string,
  action: () => Promise<unknown>,
): Promise<void> {
  const before = lastExchange(api);
  let code: string | undefined;
  try {
    await action();
  } catch (error) {
    code = (error as { code?: string })?.code;
  } finally {
    const after = lastExchange(api);
    if (after && after !== before) {
      const x = await whenDone(after);
      // The call failed with TIMEOUT: the abort the page saw was the timeout.
      if (code === 'TIMEOUT') mock.nameAbort(x, 'TIMEOUT');
      fill(container, exchangeView(x, name));
      // A late answer of the mock adds to the view (still not the call's answer).
      const off = mock.onExchange((changed) => {
        if (changed !== x) return;
        off();
        fill(container, exchangeView(x, name));
      });
    } else fill(container, el('p', { class: 'muted', 'data-exchange': name }, 'No request was sent.'));
  }
}
