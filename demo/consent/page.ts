// The consent page of the demo: a banner made with the IAB's CMP API (demo/consent/cmp.ts) and the
// state the page's tracker is in, live, so QA can accept, reject and change their mind.
import type { Tracker } from '../../src/tracker';
import type { cmp as Cmp } from './cmp';
import { ALL_PURPOSES } from './cmp';
import { startBannerPage, trackerRows } from './state-panel';

const page = window as unknown as { svcCmp: typeof Cmp; svc: { tracker?: Tracker } };
const banner = document.getElementById('banner') as HTMLElement;
const state = document.getElementById('state') as HTMLElement;
const STORED = 'svc-demo-consent';

function render() {
  state.replaceChildren(...trackerRows(page.svc.tracker));
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

startBannerPage(
  {
    load: () => page.svcCmp.load(),
    show: () => page.svcCmp.show(),
    decide: (purposes) => page.svcCmp.decide({ purposes: purposes as number[] }),
  },
  STORED,
  () => page.svc.tracker,
  render,
);
