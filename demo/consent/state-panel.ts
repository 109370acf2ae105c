// What the demo's consent page and privacy page share: the page tracker's state, shown live, and
// the banner's life on the page (a stored choice published at load, else the banner; shown again
// on "reopen"; a product view on "emit").
import type { Tracker } from '../../src/tracker';
import { definitionRow } from '../dom';

/** The CMP of a page, as its banner drives it. */
interface Banner {
  /** Loads the CMP (after the SDK, as an async CMP script does). */
  load(): void;
  /** Shows the CMP's banner: it publishes that the banner is up, deciding nothing. */
  show(): void;
  /** Publishes the choice stored under the page's key. */
  decide(stored: unknown): void;
}

/** The rows of `tracker`'s state; `signals` (a signal's own value) come before the visitor cookie. */
export function trackerRows(tracker: Tracker | undefined, signals: Node[] = []): Node[] {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('_svcTracker='));
  return [
    ...definitionRow('Consent', tracker?.consentState ?? 'no tracker', 'consent'),
    ...definitionRow('Decided by', tracker?.consentSource ?? '—', 'source'),
    ...definitionRow(
      'Recommendations may use the visitor id',
      String(tracker?.mayPersonalize ?? '—'),
      'personalization',
    ),
    ...signals,
    ...definitionRow('Visitor cookie', cookie ?? 'none', 'cookie'),
    ...definitionRow('Events waiting', String(tracker?.queued ?? '—'), 'queued'),
    ...definitionRow('Signals', JSON.stringify(tracker?.consentSignals ?? {}), 'signals'),
  ];
}

/**
 * Starts the page: the CMP loads, the choice stored under `key` is published at once (else the
 * banner shows), "reopen" and "emit" are wired, and `render` runs now and every 500 ms.
 */
export function startBannerPage(cmp: Banner, key: string, tracker: () => Tracker | undefined, render: () => void) {
  const banner = document.getElementById('banner') as HTMLElement;
  const show = () => {
    banner.hidden = false;
    cmp.show();
  };
  document.getElementById('reopen')!.addEventListener('click', () => {
    show();
    render();
  });
  document.getElementById('emit')!.addEventListener('click', () => {
    tracker()?.emit('ecProduct', { eventType: 'detail', product: { productId: 'p001' } });
    render();
  });
  cmp.load();
  const stored = localStorage.getItem(key);
  if (stored) cmp.decide(JSON.parse(stored));
  else show();
  render();
  setInterval(render, 500);
}
