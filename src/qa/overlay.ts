// svc-qa.js: the QA overlay, loaded by svc.min.js's opener (`svc.qa()`, or `?svc-qa` where the
// script tag allows it). It lives in a shadow root with its own constructed stylesheet, shows the
// SDK's state from the QA channel, and leaves nothing behind when closed: its node, its channel
// listener, its timer. Its errors are shown in it and never reach the page's `onerror`.
import { type OverlaySettings, qaChannel } from '@svc/core/internal';
import { guard, h, onFailure } from './dom';
import { pageView, watchPanels } from './live';
import { mockBanner, mockPanel } from './mock-switch';
import { PANELS } from './panels';
import { overlaySheet } from './styles';

/** The overlay's frame: a dialog with a title, a close button, an error line and one `<details>` per panel. */
function frame(settings: OverlaySettings, close: () => void, report: (text: string) => void) {
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const contents = new Map(PANELS.map((panel) => [panel, h('div', { class: 'content' })]));
  const sections = PANELS.map((panel) =>
    h('details', { open: true, 'data-panel': panel.id }, h('summary', {}, panel.title), contents.get(panel)),
  );
  if (settings.mockAllowed)
    sections.push(
      h('details', { open: true, 'data-panel': 'mock' }, h('summary', {}, 'Mock'), mockPanel(settings, report)),
    );
  const closeButton = h('button', { type: 'button', class: 'quiet', onclick: close }, 'Close');
  const sheet = h(
    'section',
    { class: 'sheet', role: 'dialog', 'aria-labelledby': 'svc-qa-title', 'data-svc-qa': 'overlay' },
    h('header', {}, h('h2', { id: 'svc-qa-title' }, 'svc QA'), closeButton),
    error,
    h('div', { class: 'body' }, ...sections),
  );
  sheet.addEventListener(
    'keydown',
    guard((event: KeyboardEvent) => event.key === 'Escape' && close()),
  );
  return { sheet, error, contents, closeButton };
}

/** Opens the overlay; returns what brings it forward again. `closed` is called once it is gone. */
function createOverlay(settings: OverlaySettings, closed: () => void) {
  const previousFocus = document.activeElement as HTMLElement | null;
  const host = document.createElement('svc-qa-overlay');
  const root = host.attachShadow({ mode: 'open' });
  const report = (text: string) => {
    ui.error.textContent = text;
    ui.error.hidden = false;
  };
  onFailure((error) => report(`The QA overlay failed: ${error instanceof Error ? error.message : String(error)}`));
  let stopWatching = () => {};
  const close = () => {
    stopWatching();
    host.remove();
    previousFocus?.focus?.();
    closed();
  };
  const ui = frame(settings, close, report);
  root.adoptedStyleSheets = [overlaySheet()];
  root.append(ui.sheet);
  document.body.append(host);
  stopWatching = watchPanels(ui.contents, () => pageView(settings.mock));
  return { focus: () => ui.closeButton.focus() };
}

let open: ReturnType<typeof createOverlay> | undefined;
let banner: HTMLElement | undefined;

/** Opens the overlay once the page has a body (the marker may open it from a script in the head). */
const show = guard((settings: OverlaySettings) => {
  if (!document.body) return addEventListener('DOMContentLoaded', () => show(settings), { once: true });
  if (settings.mock && !banner) {
    banner = mockBanner(settings, overlaySheet());
    document.body.prepend(banner);
  }
  open ??= createOverlay(settings, () => {
    open = undefined;
    banner?.removeAttribute('data-beside-panel');
  });
  banner?.setAttribute('data-beside-panel', '');
  open.focus();
});

// Loaded once per page: the opener's script tag goes (the DOM is as it was), a second load changes nothing.
document.currentScript?.remove();
qaChannel().open ??= show;
