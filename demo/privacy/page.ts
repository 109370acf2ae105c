// The privacy page of the demo: a GPP banner made with the IAB's CMP API (demo/privacy/cmp.ts), a
// Global Privacy Control switch (demo/privacy/gpc-switch.ts), and the state the page's tracker is
// in, live, so QA can opt out, opt in and change their mind.
import type { Tracker } from '../../src/tracker';
import { startBannerPage, trackerRows } from '../consent/state-panel';
import { definitionRow } from '../dom';
import type { gpp as Gpp, OptOuts } from './cmp';
import { GPC_SWITCH } from './gpc-key';

const page = window as unknown as { svcGpp: typeof Gpp; svc: { tracker?: Tracker } };
const banner = document.getElementById('banner') as HTMLElement;
const state = document.getElementById('state') as HTMLElement;
const gpcSwitch = document.getElementById('gpc') as HTMLInputElement;
const STORED = 'svc-demo-gpp';

function render() {
  const gpc = (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  state.replaceChildren(
    ...trackerRows(page.svc.tracker, definitionRow('navigator.globalPrivacyControl', String(gpc), 'gpc')),
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
gpcSwitch.checked = localStorage.getItem(GPC_SWITCH) === 'on';
gpcSwitch.addEventListener('change', () => {
  if (gpcSwitch.checked) localStorage.setItem(GPC_SWITCH, 'on');
  else localStorage.removeItem(GPC_SWITCH);
  location.reload();
});

startBannerPage(
  {
    load: () => page.svcGpp.load(),
    show: () => page.svcGpp.show(),
    decide: (optOuts) => page.svcGpp.decide({ section: 'usnat', optOuts: optOuts as OptOuts }),
  },
  STORED,
  () => page.svc.tracker,
  render,
);
