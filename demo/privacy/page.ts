// The privacy page of the demo: a GPP banner made with the IAB's CMP API (demo/privacy/cmp.ts), a
// Global Privacy Control switch (demo/privacy/gpc-switch.ts), and the state the page's tracker is
// in, live, so QA can opt out, opt in and change their mind.
import type { Tracker } from '../../src/tracker';
import { definitionRow } from '../dom';
import type { gpp as Gpp, OptOuts } from './cmp';
import { GPC_SWITCH } from './gpc-key';

const page = window as unknown as { svcGpp: typeof Gpp; svc: { tracker?: Tracker } };
const banner = document.getElementById('banner') as HTMLElement;
const state = document.getElementById('state') as HTMLElement;
const gpcSwitch = document.getElementById('gpc') as HTMLInputElement;
const STORED = 'svc-demo-gpp';

function render() {
  const tracker = page.svc.tracker;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('_svcTracker='));
  const gpc = (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  state.replaceChildren(
    ...definitionRow('Consent', tracker?.consentState ?? 'no tracker', 'consent'),
    ...definitionRow('Decided by', tracker?.consentSource ?? '—', 'source'),
    ...definitionRow(
      'Recommendations may use the visitor id',
      String(tracker?.mayPersonalize ?? '—'),
      'personalization',
    ),
    ...definitionRow('navigator.globalPrivacyControl', String(gpc), 'gpc'),
    ...definitionRow('Visitor cookie', cookie ?? 'none', 'cookie'),
    ...definitionRow('Events waiting', String(tracker?.queued ?? '—'), 'queued'),
    ...definitionRow('Signals', JSON.stringify(tracker?.consentSignals ?? {}), 'signals'),
  );
}

function decide(optOuts: OptOuts) {
  localStorage.setItem(STORED, JSON.stringify(optOuts));
  page.svcGpp.decide({ section: 'usnat', optOuts });
  banner.hidden = true;
  render();
}

banner.addEventListener('click', (event) => {
  const choice = (event.target as HTMLElement).dataset.choice;
  if (choice === 'none') decide({ SaleOptOut: false, SharingOptOut: false, TargetedAdvertisingOptOut: false });
  else if (choice === 'all') decide({ SaleOptOut: true, SharingOptOut: true, TargetedAdvertisingOptOut: true });
  else if (choice === 'selected') {
    const checked = (name: string) => banner.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.checked === true;
    decide({
      SaleOptOut: checked('SaleOptOut'),
      SharingOptOut: checked('SharingOptOut'),
      TargetedAdvertisingOptOut: checked('TargetedAdvertisingOptOut'),
    });
  }
});
document.getElementById('reopen')!.addEventListener('click', () => {
  banner.hidden = false;
  page.svcGpp.show();
  render();
});
document.getElementById('emit')!.addEventListener('click', () => {
  page.svc.tracker?.emit('ecProduct', { eventType: 'detail', product: { productId: 'p001' } });
  render();
});
gpcSwitch.checked = localStorage.getItem(GPC_SWITCH) === 'on';
gpcSwitch.addEventListener('change', () => {
  if (gpcSwitch.checked) localStorage.setItem(GPC_SWITCH, 'on');
  else localStorage.removeItem(GPC_SWITCH);
  location.reload();
});

// The CMP loads after the SDK, as an async CMP script does; a stored choice is published at once.
page.svcGpp.load();
const stored = localStorage.getItem(STORED);
if (stored) page.svcGpp.decide({ section: 'usnat', optOuts: JSON.parse(stored) as OptOuts });
else {
  banner.hidden = false;
  page.svcGpp.show();
}
render();
setInterval(render, 500);
