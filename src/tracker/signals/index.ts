// The consent signals a tracker can follow instead of `consent()` calls: IAB TCF v2.2 and Google
// Consent Mode v2, each read directly from the page. With both, the stricter one wins.
import type { Consent } from '../types';
import { followGcm, type GcmReading } from './gcm';
import { followTcf, type TcfReading, type TcfSettings } from './tcf';

export type { ConsentModeFields } from './gcm';
export type { TcfSettings } from './tcf';

/** A standard signal the tracker can follow. */
export type ConsentSignal = 'tcf' | 'gcm';

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

/**
 * Follows each of `signals` and calls `onDecision` each time what they say together changes
 * (state or personalization). A reading without a decision (a CMP that only showed its banner)
 * leaves that signal's last decision in force. Stops when `abort` aborts. Returns each signal's raw
 * values, kept up to date with every reading.
 */
export function followSignals(
  signals: readonly ConsentSignal[],
  tcf: TcfSettings,
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
  return raw;
}
