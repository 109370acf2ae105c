// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readState } from '../../src/qa/model';
import { PANELS, type PageView } from '../../src/qa/panels';

const visitor = PANELS.find((panel) => panel.id === 'visitor')!;
const field = (node: Node, name: string) => (node as Element).querySelector(`[data-field="${name}"]`)?.textContent;
const tracker = (extra: Partial<NonNullable<PageView['tracker']>>): PageView => ({
  tracker: {
    visitorId: 'v1',
    consentState: 'granted',
    queued: 0,
    dropped: { overflow: 0, rejected: 0, invalid: 0 },
    ...extra,
  },
  observed: 0,
  mock: undefined,
});

describe('the QA overlay\'s "Visitor and consent"', () => {
  it('shows what decided consent and the TCF values that did', () => {
    const node = visitor.render(
      readState([]),
      tracker({
        consentSource: 'tcf',
        consentSignals: {
          tcf: { gdprApplies: true, eventStatus: 'useractioncomplete', purposes: { 1: true, 5: false }, vendor: true },
        },
      }),
    );
    expect(field(node, 'consent-source')).toBe('tcf');
    expect(field(node, 'consent-signals')).toBe('TCF: gdprApplies true, useractioncomplete, purposes 1✓ 5✗, vendor ✓');
  });

  it("shows the Consent Mode fields read, and says when the shop's code decides", () => {
    const gcm = visitor.render(
      readState([]),
      tracker({
        consentSource: 'gcm',
        consentSignals: { gcm: { default: { analytics_storage: 'denied' }, update: { analytics_storage: 'granted' } } },
      }),
    );
    expect(field(gcm, 'consent-signals')).toBe(
      'Consent Mode: default {"analytics_storage":"denied"}, update {"analytics_storage":"granted"}',
    );
    const manual = visitor.render(readState([]), tracker({ consentSource: 'manual', consentSignals: {} }));
    expect(field(manual, 'consent-signals')).toBe("none (the shop's code decides)");
  });

  it('shows the GPP sections with their opt-out fields, and GPC', () => {
    const node = visitor.render(
      readState([]),
      tracker({
        consentSource: 'gpp',
        consentSignals: {
          gpp: {
            signalStatus: 'ready',
            applicable: ['usnat'],
            optOuts: { usnat: { SaleOptOut: 1, SharingOptOut: 2 } },
          },
          gpc: { globalPrivacyControl: false },
        },
      }),
    );
    expect(field(node, 'consent-signals')).toBe(
      'GPP: ready, sections usnat {"SaleOptOut":1,"SharingOptOut":2}\nGPC: navigator.globalPrivacyControl false',
    );
  });
});
