// The consent signals a tracker can follow instead of `consent()` calls, each read directly from
// the page: IAB TCF v2.2 and Google Consent Mode v2 (consent), Global Privacy Control and the IAB's
// Global Privacy Platform (opt-outs, and TCF inside GPP). With several, the strictest one wins.
import type { Consent } from '../types';
import { followGcm, type GcmReading } from './gcm';
import { type GpcReading, readGpc } from './gpc';
import { followGpp, type GppReading } from './gpp';
import { followTcf, type TcfReading, type TcfSettings } from './tcf';

export type { ConsentModeFields } from './gcm';

/** A standard signal the tracker can follow. */
export type ConsentSignal = 'tcf' | 'gcm' | 'gpp' | 'gpc';

/** The signals a tracker can follow, as the `consent` option names them. */
export const CONSENT_SIGNALS: readonly ConsentSignal[] = ['tcf', 'gcm', 'gpp', 'gpc'];

/**
 * What an opt-out (Global Privacy Control, or a US section of GPP) does: `denied`, exactly as
 * `consent('denied')`; or `personalization-off`, events sent but recommendations asked without the
 * visitor id, as Consent Mode's `personalization_storage` denied does.
 */
export type OptOutMode = 'denied' | 'personalization-off';

/** What the signals need to know of the shop. */
export interface SignalSettings {
  tcf: TcfSettings;
  optOut: OptOutMode;
}

/** What decided the consent in force: the shop's code (the `consent` option or a `consent()` call), or a signal. */
export type ConsentSource = 'manual' | ConsentSignal;

/** What the signals followed say together. */
export interface SignalDecision {
  state: Consent;
  /** The signal that decided `state` (the stricter one when they differ). */
  source: ConsentSignal;
  /** Whether recommendations may use the visitor id. */
  personalization: boolean;
  /** Each signal's raw values, for the QA overlay. */
  raw: ConsentSignals;
}

/** The raw values of the signals a tracker follows, as last read. */
export interface ConsentSignals {
  /** TCF: `gdprApplies`, `eventStatus`, the consent to each purpose needed, and the vendor's (with `tcfVendorId`). */
  tcf?: TcfReading['raw'];
  /** Consent Mode: the fields of the `default` commands and of the `update` commands read. */
  gcm?: GcmReading['raw'];
  /** Global Privacy Control: `navigator.globalPrivacyControl`. */
  gpc?: GpcReading['raw'];
  /** GPP: the CMP's `signalStatus`, the applicable sections, their opt-out fields and `tcfeuv2`'s reading. */
  gpp?: GppReading['raw'];
}

/** Strictest first: a denial by any signal wins, then a signal still undecided. */
const STRICTNESS: Consent[] = ['denied', 'pending', 'granted'];

interface Latest {
  state: Consent;
  personalization: boolean;
}

/** The signals' readings together: the strictest state, personalization only where every signal allows it. */
function combine(signals: readonly ConsentSignal[], latest: Partial<Record<ConsentSignal, Latest>>) {
  const states = signals.map((signal) => latest[signal]?.state ?? 'pending');
  const strictest = STRICTNESS.find((state) => states.includes(state))!;
  return {
    state: strictest,
    source: signals[states.indexOf(strictest)],
    personalization: signals.every((signal) => latest[signal]?.personalization === true),
  };
}

/** What an opt-out leaves, by the shop's choice of `OptOutMode`. */
const OPTED_OUT: Record<OptOutMode, Latest> = {
  denied: { state: 'denied', personalization: false },
  'personalization-off': { state: 'granted', personalization: false },
};
const NO_OBJECTION: Latest = { state: 'granted', personalization: true };

/** A GPP reading as a decision: `tcfeuv2` where it applies, and an opt-out as `mode` says; none until ready. */
function gppDecision(reading: GppReading, mode: OptOutMode): Latest | undefined {
  if (!reading.ready) return undefined;
  const parts = [reading.optOut ? OPTED_OUT[mode] : NO_OBJECTION];
  if (reading.tcf !== undefined) parts.push({ state: reading.tcf, personalization: reading.tcf === 'granted' });
  const strictest = STRICTNESS.find((state) => parts.some((part) => part.state === state))!;
  return { state: strictest, personalization: parts.every((part) => part.personalization) };
}

/**
 * Follows each of `signals` and calls `onDecision` each time what they say together changes
 * (state or personalization). A reading without a decision (a CMP that only showed its banner)
 * leaves that signal's last decision in force. Stops when `abort` aborts. Returns each signal's raw
 * values, kept up to date with every reading.
 */
export function followSignals(
  signals: readonly ConsentSignal[],
  { tcf, optOut }: SignalSettings,
  onDecision: (decision: SignalDecision) => void,
  abort: AbortSignal,
): SignalDecision['raw'] {
  const latest: Partial<Record<ConsentSignal, Latest>> = {};
  const raw: SignalDecision['raw'] = {};
  let told = '';
  const update = (name: ConsentSignal, state: Consent | undefined, personalization: boolean) => {
    if (state !== undefined) latest[name] = { state, personalization };
    const decision = { ...combine(signals, latest), raw };
    const key = `${decision.state} ${decision.personalization}`;
    if (key === told) return;
    told = key;
    onDecision(decision);
  };
  if (signals.includes('tcf'))
    followTcf(
      tcf,
      (reading) => {
        raw.tcf = reading.raw;
        update('tcf', reading.state, reading.state === 'granted');
      },
      abort,
    );
  if (signals.includes('gcm'))
    followGcm((reading) => {
      raw.gcm = reading.raw;
      update('gcm', reading.state, reading.personalization);
    }, abort);
  if (signals.includes('gpp'))
    followGpp(
      tcf,
      (reading) => {
        raw.gpp = reading.raw;
        const decision = gppDecision(reading, optOut);
        update('gpp', decision?.state, decision?.personalization ?? false);
      },
      abort,
    );
  if (signals.includes('gpc')) {
    const reading = readGpc();
    raw.gpc = reading.raw;
    const decision = reading.optOut ? OPTED_OUT[optOut] : NO_OBJECTION;
    update('gpc', decision.state, decision.personalization);
  }
  return raw;
}
