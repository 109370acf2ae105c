// The QA panel's sections. Each is a collapsible <details> whose code is loaded when it is first
// opened (a dynamic import: its own chunk of dist/demo/), so the storefront does not load the
// code of panels nobody opens. The panels open at start load with the page.
import { describeError, el } from '../dom';
import { mock } from '../platform';
// The SDK's state must be watched from the page's first events, so its sections come with the page
// (built synchronously, before the storefront renders).
import { eventsPanel } from './events-panel';
import { panel } from './panel';
import { sdkPanel } from './sdk-state';

interface Section {
  name: string;
  title: string;
  /** Builds the panel: a <details> from `panel()`, whose content moves into the section. */
  load: () => Promise<HTMLElement>;
  /** Built with the page even while closed: it records what happens from the start. */
  eager?: boolean;
}

/** A section holding the live SDK panel `id` (sdk-state.ts). */
const sdkSection = (id: string, title: string) => panel(id, title, sdkPanel(id));

/** In the order shown. */
const sections: Section[] = [
  // The SDK's state: the QA overlay's panels (sdk-state.ts), the events with the demo's controls and chart.
  {
    name: 'visitor',
    title: 'Visitor and consent',
    load: async () => sdkSection('visitor', 'Visitor and consent'),
    eager: true,
  },
  { name: 'events', title: 'Events and deliveries', load: async () => eventsPanel(), eager: true },
  {
    name: 'gets',
    title: 'Recommendations: get() calls',
    load: async () => sdkSection('recommendations', 'Recommendations: get() calls'),
    eager: true,
  },
  {
    name: 'impressions',
    title: 'Impressions',
    load: async () => sdkSection('impressions', 'Impressions'),
    eager: true,
  },
  {
    name: 'calls',
    title: 'Stash, experiences, integrations calls',
    load: async () => sdkSection('calls', 'Stash, experiences, integrations calls'),
    eager: true,
  },
  {
    name: 'recommend',
    title: 'Recommendations',
    load: () => import('./recommend-panel').then((m) => m.recommendPanel()),
  },
  { name: 'faults', title: 'Mock faults', load: () => import('./faults-panel').then((m) => m.faultsPanel()) },
  {
    name: 'exchanges',
    title: 'Requests and responses',
    load: () => import('./exchanges-panel').then((m) => m.exchangesPanel()),
  },
  { name: 'stash', title: 'Stash', load: () => import('./stash-panel').then((m) => m.stashPanel()) },
  {
    name: 'experiences',
    title: 'Experiences',
    load: () => import('./experiences-panel').then((m) => m.experiencesPanel()),
  },
  {
    name: 'integrations',
    title: 'Integrations',
    load: () => import('./integrations-panel').then((m) => m.integrationsPanel()),
  },
  { name: 'catalog', title: 'Catalog feed', load: () => import('./catalog-panel').then((m) => m.catalogPanel()) },
  {
    name: 'scenario',
    title: 'Scenario: export, import, link',
    load: () => import('./scenario-panel').then((m) => m.scenarioPanel()),
  },
];

/** The sections, empty until opened; `data-loaded="true"` once a section's content is in. */
export function qaPanels(): HTMLDetailsElement[] {
  // Open at start: these, and Scenario when this page restored one (or failed to), to say how it went; the others are one click away.
  const openAtStart = new Set(['recommend', 'events', 'faults', ...(mock.restoredScenario() ? ['scenario'] : [])]);
  return sections.map(({ name, title, load, eager = false }) => {
    const status = el('p', { class: 'muted', role: 'status' }, 'Loading…');
    const section = el(
      'details',
      { class: 'panel', 'data-panel': name, open: openAtStart.has(name) },
      el('summary', {}, title),
      status,
    );
    let started = false;
    const start = () => {
      if (started || !(section.open || eager)) return;
      started = true;
      status.textContent = 'Loading…';
      status.className = 'muted';
      load().then(
        (built) => {
          status.remove();
          section.append(...[...built.childNodes].filter((node) => node.nodeName !== 'SUMMARY'));
          section.dataset.loaded = 'true';
        },
        (error: unknown) => {
          started = false;
          // A chunk the server no longer has (the demo was rebuilt since this page loaded) needs a reload.
          status.textContent = `This panel could not be loaded (${describeError(error)}): reload the page, or close and open the panel to try again.`;
          status.className = 'warning';
        },
      );
    };
    section.addEventListener('toggle', start);
    start();
    return section;
  });
}
