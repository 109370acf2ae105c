// The consent page of the demo: a banner made with the IAB's CMP API (demo/consent/cmp.ts) and the
// state the page's tracker is in, live, so QA can accept, reject and change their mind.
import type { Tracker } from '../../src/tracker';
import { definitionRow } from '../dom';
import type { cmp as Cmp } from './cmp';
import { ALL_PURPOSES } from './cmp';

const page = window as unknown as { svcCmp: typeof Cmp; svc: { tracker?: Tracker } };
const banner = document.getElementById('banner') as HTMLElement;
const state = document.getElementById('state') as HTMLElement;
const STORED = 'svc-demo-consent';

function render() {
  const tracker = page.svc.tracker;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('_svcTracker='));
  state.replaceChildren(
    ...definitionRow('Consent', tracker?.consentState ?? 'no tracker', 'consent'),
    ...definitionRow('Decided by', tracker?.consentSource ?? '—', 'source'),
    ...definitionRow(
      'Recommendations may use the visitor id',
      String(tracker?.mayPersonalize ?? '—'),
      'personalization',
    ),
    ...definitionRow('Visitor cookie', cookie ?? 'none', 'cookie'),
    ...definitionRow('Events waiting', String(tracker?.queued ?? '—'), 'queued'),
    ...definitionRow('Signals', JSON.stringify(tracker?.consentSignals ?? {}), 'signals'),
  );
}

function decide(purposes: number[]) {
  localStorage.setItem(STORED, JSON.stringify(purposes));
  page.svcCmp.decide({ purposes });
  banner.hidden = true;
  render();
}

banner.addEventListener('click', (event) => {
  const choice = (event.target as HTMLElement).dataset.choice;
  if (choice === 'all') decide(ALL_PURPOSES);
  else if (choice === 'none') decide([]);
  else if (choice === 'selected') {
    const boxes = banner.querySelectorAll<HTMLInputElement>('input[name="purpose"]:checked');
    decide([...boxes].map((box) => Number(box.value)));
  }
});
document.getElementById('reopen')!.addEventListener('click', () => {
  banner.hidden = false;
  page.svcCmp.show();
  render();
});
document.getElementById('emit')!.addEventListener('click', () => {
  page.svc.tracker?.emit('ecProduct', { eventType: 'detail', product: { productId: 'p001' } });
  render();
});

// The CMP loads after the SDK, as an async CMP script does; a stored choice is published at once.
page.svcCmp.load();
const stored = localStorage.getItem(STORED);
if (stored) page.svcCmp.decide({ purposes: JSON.parse(stored) as number[] });
else {
  banner.hidden = false;
  page.svcCmp.show();
}
render();
setInterval(render, 500);
