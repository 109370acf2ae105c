// The SDK's state on the demo's QA page: the QA overlay's own panels (src/qa/panels.ts), kept up
// to date by the overlay's own code (src/qa/live.ts) from the QA channel of the page's
// svc.min.js. One implementation: what QA reads here is what the overlay shows on any storefront.
import { pageView, watchPanels } from '../../src/qa/live';
import { PANELS, type Panel } from '../../src/qa/panels';
import { el } from '../dom';

/** What answers the demo's SDK: the mock platform in this page, behind the MSW service worker. */
const IN_PAGE_MOCK = "this page's service worker (@svc/mock)";

const contents = new Map<Panel, HTMLElement>(PANELS.map((panel) => [panel, el('div', { class: 'sdk-state' })]));
let watching = false;

/** The live content of the SDK panel `id` (the first call starts the watch: the demo builds these with the page). */
export function sdkPanel(id: string): HTMLElement {
  if (!watching) {
    watching = true;
    watchPanels(contents, () => pageView(IN_PAGE_MOCK));
  }
  const found = [...contents].find(([panel]) => panel.id === id);
  if (!found) throw new Error(`No SDK panel ${id}`);
  return found[1];
}
