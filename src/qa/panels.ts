// The QA panels: one implementation, used by the overlay (svc-qa.js) on any storefront and by
// the demo's QA page. Each panel renders the state read from the QA channel (model.ts) and what
// the page's tracker says now; none of them sends anything.
import type { Tracker } from '../tracker';
import { type Child, h, json, table, time } from './dom';
import { type QaState, reasonsText } from './model';

/** What the panels read of the page besides the records. */
export interface PageView {
  /** The page's tracker (`svc.tracker`), if one has started. */
  tracker:
    | (Pick<Tracker, 'visitorId' | 'consentState' | 'queued' | 'dropped'> &
        Partial<Pick<Tracker, 'consentSource' | 'consentSignals'>>)
    | undefined;
  /** Elements `observe` watches now. */
  observed: number;
  /** The mock answering this tab, if one does. */
  mock: string | undefined;
}

/** One panel: an id (used in the DOM and by tests), a title, and its content for a state. */
export interface Panel {
  id: string;
  title: string;
  render(state: QaState, page: PageView): Node;
  /**
   * It shows values of the page that no record announces a change of (the tracker's consent, its queue, the
   * elements observed): read at each render, it says when ("as of 12:00:03 UTC") beside a Refresh button.
   */
  readsNow?: true;
}

/** The consent signals' raw values, one line each: TCF, Consent Mode, GPP's sections, GPC. */
function signalsOf(signals: Tracker['consentSignals'] | undefined): string {
  const lines: string[] = [];
  if (signals?.tcf) {
    const { gdprApplies, eventStatus, purposes, vendor } = signals.tcf;
    const consented = Object.entries(purposes).map(([purpose, yes]) => `${purpose}${yes ? '✓' : '✗'}`);
    const vendorPart = vendor === undefined ? '' : `, vendor ${vendor ? '✓' : '✗'}`;
    lines.push(
      `TCF: gdprApplies ${gdprApplies}, ${eventStatus ?? 'no event'}, purposes ${consented.join(' ')}${vendorPart}`,
    );
  }
  if (signals?.gcm)
    lines.push(
      `Consent Mode: default ${JSON.stringify(signals.gcm.default)}, update ${JSON.stringify(signals.gcm.update)}`,
    );
  if (signals?.gpp) {
    const { signalStatus, applicable, optOuts, tcfeuv2 } = signals.gpp;
    const sections = applicable.map((name) => (optOuts[name] ? `${name} ${JSON.stringify(optOuts[name])}` : name));
    const tcfPart = tcfeuv2 ? `, tcfeuv2 purposes ${JSON.stringify(tcfeuv2.purposes)}` : '';
    lines.push(`GPP: ${signalStatus ?? 'no CMP yet'}, sections ${sections.join('; ') || 'none'}${tcfPart}`);
  }
  if (signals?.gpc) lines.push(`GPC: navigator.globalPrivacyControl ${signals.gpc.globalPrivacyControl}`);
  return lines.join('\n') || "none (the shop's code decides)";
}

const visitor: Panel = {
  id: 'visitor',
  title: 'Visitor and consent',
  readsNow: true,
  render(state, { tracker, observed, mock }) {
    // `data-field` names each value for tests and tools.
    const row = (field: string, term: string, value: Child) => [
      h('dt', {}, term),
      h('dd', { 'data-field': field }, value),
    ];
    return h(
      'dl',
      {},
      ...row(
        'visitor-id',
        'Visitor id',
        tracker?.visitorId ?? (tracker ? 'none (consent denied)' : 'no tracker on this page'),
      ),
      ...row('visitor-source', 'Visitor id from', state.visitorSource ?? '—'),
      ...row('consent', 'Consent', tracker?.consentState ?? '—'),
      ...row('consent-source', 'Consent decided by', tracker?.consentSource ?? '—'),
      ...row('consent-signals', 'Consent signals', signalsOf(tracker?.consentSignals)),
      ...row('queued', 'Events waiting', tracker ? tracker.queued : '—'),
      ...row(
        'dropped',
        'Events dropped',
        tracker ? `${tracker.dropped.overflow} queue full, ${tracker.dropped.rejected} refused` : '—',
      ),
      ...row('observed', 'Elements observed', observed),
      ...row('answered-by', 'Answered by', mock ? `the mock at ${mock}` : 'the platform'),
    );
  },
};

const events: Panel = {
  id: 'events',
  title: 'Events and deliveries',
  render: ({ events }) =>
    table(
      'Tracking events, newest first',
      ['time', 'event', 'delivery', 'why', 'data'],
      events.map((e) => ({
        cells: [time(e.at), e.type, e.state, reasonsText(e.reasons), json(e.data, 120)],
        data: { id: e.id, type: e.type, state: e.state },
      })),
      'No tracking event on this page yet.',
    ),
};

const gets: Panel = {
  id: 'recommendations',
  title: 'Recommendations',
  render: ({ gets }) =>
    table(
      'Recommendations get() calls, newest first',
      ['time', 'strategy', 'n', 'locale', 'items', 'ms', 'error', 'options'],
      gets.map((g) => ({
        cells: [
          time(g.at),
          g.strategy,
          g.n,
          g.locale,
          g.items.join(', '),
          g.ms,
          g.code ?? '',
          json({ url: g.url, body: g.sent }, 200),
        ],
        data: { strategy: g.strategy, code: g.code ?? '' },
      })),
      'No recommendations call on this page yet.',
    ),
};

const impressions: Panel = {
  id: 'impressions',
  title: 'Impressions',
  render: ({ impressions }) =>
    table(
      'Observed items, newest first',
      ['item', 'strategy', 'position', 'state', 'shown', 'clicks'],
      impressions.map((i) => ({
        cells: [i.id, i.strategy, i.position, i.state, i.shown ? 'yes' : 'no', i.clicks],
        data: { id: i.id, strategy: i.strategy, state: i.state, shown: String(i.shown), clicked: i.clicks },
      })),
      'No element observed on this page yet.',
    ),
};

const calls: Panel = {
  id: 'calls',
  title: 'Stash, experiences, integrations',
  render: ({ calls }) =>
    table(
      'Other calls to the platform, newest first',
      ['time', 'interface', 'request', 'answer', 'ms'],
      calls.map((c) => ({
        cells: [
          time(c.at),
          c.area,
          `${c.method} ${c.url}${c.sent === undefined ? '' : ` ${json(c.sent, 80)}`}`,
          c.code ?? json(c.result, 200),
          c.ms,
        ],
        data: { area: c.area, code: c.code ?? '' },
      })),
      'No stash, experiences or integrations call on this page yet.',
    ),
};

/** The SDK-state panels, in the order they are shown. */
export const PANELS: readonly Panel[] = [visitor, events, gets, impressions, calls];
