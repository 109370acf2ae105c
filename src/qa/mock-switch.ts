// "Answer this tab from the mock": offered only where the script tag says `data-qa="mock"`. The
// mock's URL is kept in this tab's sessionStorage, with a session cookie (QA_MOCK_COOKIE) as the
// sign to look there, and takes effect on the reload (svc.min.js reads it before its clients
// start: opener.ts); never from a URL parameter. While it is on, a banner says so with a one-click
// way back, and an event can be sent to the mock from here.
import { isHttpUrl, pageTracker, removeCookie, writeCookie } from '@svc/core';
import { type OverlaySettings, QA_MOCK_COOKIE, QA_MOCK_KEY } from '@svc/core/internal';
import { h } from './dom';

/** What `svc-mock serve` listens on by default. */
const DEFAULT_MOCK = 'http://127.0.0.1:4010';
/** The event offered for sending: a page view, as a storefront sends it. */
const EXAMPLE_EVENT = '{"type": "home", "language": "en", "country": "GB", "currency": "GBP"}';

/** Back to the platform: the tab forgets the mock and reloads. */
function leave() {
  sessionStorage.removeItem(QA_MOCK_KEY);
  removeCookie(QA_MOCK_COOKIE);
  location.reload();
}

/** The form that points this tab at a mock. `report` shows a refusal. */
function switchOn(report: (text: string) => void): HTMLElement {
  const url = h('input', { id: 'svc-qa-mock-url', type: 'url', value: DEFAULT_MOCK, autocomplete: 'off' });
  const submit = (event: Event) => {
    event.preventDefault();
    if (!isHttpUrl(url.value)) return report(`Not an http(s) URL: ${url.value}`);
    sessionStorage.setItem(QA_MOCK_KEY, url.value.replace(/\/+$/, ''));
    writeCookie(QA_MOCK_COOKIE, '1', { days: 0 }); // the sign, for every copy of core, to look in sessionStorage
    location.reload();
  };
  return h(
    'form',
    { onsubmit: submit },
    h('label', { for: 'svc-qa-mock-url' }, 'Mock URL (svc-mock serve)'),
    url,
    h('p', {}, h('button', { type: 'submit' }, 'Answer this tab from the mock')),
  );
}

/** While the mock answers: the way back, and an event sent to the mock through the page's tracker. */
function whileOn(settings: OverlaySettings, report: (text: string) => void): HTMLElement {
  const type = h('input', { id: 'svc-qa-event-type', value: 'ecView', autocomplete: 'off' });
  const data = h('textarea', { id: 'svc-qa-event-data', rows: '3' }, EXAMPLE_EVENT);
  const send = (event: Event) => {
    event.preventDefault();
    const tracker = pageTracker();
    if (!tracker) return report('No tracker on this page (the script tag has no data-tracking-id).');
    tracker.emit(type.value, JSON.parse(data.value));
    Promise.resolve(tracker.flush?.()).then(
      () => report(`Sent ${type.value} to the mock: see Events and deliveries.`),
      (error: unknown) => report(String(error)),
    );
  };
  return h(
    'div',
    {},
    h('p', {}, `This tab is answered by the mock at ${settings.mock}.`),
    h('p', {}, h('button', { type: 'button', class: 'quiet', onclick: leave }, 'Back to the platform')),
    h(
      'form',
      { onsubmit: send },
      h('label', { for: 'svc-qa-event-type' }, 'Event type'),
      type,
      h('label', { for: 'svc-qa-event-data' }, 'Event data (JSON)'),
      data,
      h('p', {}, h('button', { type: 'submit' }, 'Send to the mock')),
    ),
  );
}

/** The mock panel's content; `report` shows what happened (or why not). */
export function mockPanel(settings: OverlaySettings, report: (text: string) => void): HTMLElement {
  return settings.mock ? whileOn(settings, report) : switchOn(report);
}

/** The banner shown while the mock answers this tab (outside the overlay: it stays when the overlay closes). */
export function mockBanner(settings: OverlaySettings, sheet: CSSStyleSheet): HTMLElement {
  const host = document.createElement('svc-qa-banner');
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [sheet];
  root.append(
    h(
      'div',
      { class: 'banner', role: 'status' },
      h('p', {}, `QA: this tab is answered by the mock at ${settings.mock}, not by the platform.`),
      h('button', { type: 'button', onclick: leave }, 'Back to the platform'),
    ),
  );
  return host;
}
