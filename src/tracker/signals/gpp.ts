// IAB Global Privacy Platform (GPP) 1.1: the visitor's choices as the page's consent management
// platform publishes them, through `__gpp('addEventListener', callback)`, or the postMessage
// protocol to a `__gppLocator` frame up the tree where the page has no `__gpp` (an iframe). Every
// event carries the CMP's `pingData`: whether its signal is ready, the sections that apply to this
// visitor (`applicableSections`) and each section's fields, decoded (`parsedSections`).
import { isObject } from '@svc/core';
import type { Consent } from '../types';
import { type CmpCall, type CmpFunction, whenCmpFound } from './cmp-frame';
import { readTcData, type TcfReading, type TcfSettings } from './tcf';

/** The sections the tracker reads, by their id in `applicableSections` (the GPP's section table). */
const SECTIONS: Record<number, string> = {
  2: 'tcfeuv2',
  6: 'uspv1',
  7: 'usnat',
  8: 'usca',
  9: 'usva',
  10: 'usco',
  11: 'usut',
  12: 'usct',
  13: 'usfl',
  14: 'usmt',
  15: 'usor',
  16: 'ustx',
  17: 'usde',
  18: 'usia',
  19: 'usne',
  20: 'usnh',
  21: 'usnj',
  22: 'ustn',
  23: 'usmn',
  24: 'usmd',
  25: 'usin',
  26: 'usky',
  27: 'usri',
};

/**
 * The opt-out fields of the US sections, each with the value that says "opted out". `usnat` and
 * the state sections carry the first three (0 not applicable, 1 opted out, 2 did not opt out);
 * `uspv1`, the older US Privacy string, carries `OptOutSale` as a letter (`Y`, `N` or `-`).
 */
const OPTED_OUT = { SaleOptOut: 1, SharingOptOut: 1, TargetedAdvertisingOptOut: 1, OptOutSale: 'Y' } as const;
type OptOutField = keyof typeof OPTED_OUT;
const OPT_OUT_FIELDS = Object.keys(OPTED_OUT) as OptOutField[];

/** The parts of the CMP's `pingData` read here (GPP 1.1). */
export interface GppPingData {
  signalStatus?: string;
  applicableSections?: number[];
  parsedSections?: Record<string, unknown>;
}

/** What GPP says, with the raw values that decided it (shown by the QA overlay). */
export interface GppReading {
  /** `false`: no decision yet (the CMP's signal is not `ready`). */
  ready: boolean;
  /** An opt-out in an applicable US section. */
  optOut: boolean;
  /** What `tcfeuv2` says, when it applies: decided as the TCF reader decides. */
  tcf: Consent | undefined;
  raw: {
    signalStatus?: string;
    /** The applicable sections' names (ids the tracker does not read as `#<id>`). */
    applicable: string[];
    /** Each applicable US section's opt-out fields, as set. */
    optOuts: Record<
      string,
      Partial<Record<'SaleOptOut' | 'SharingOptOut' | 'TargetedAdvertisingOptOut' | 'OptOutSale', number | string>>
    >;
    tcfeuv2?: TcfReading['raw'];
  };
}

/** `tcfeuv2`'s decoded fields as TC data: a GPP string holds a stored decision, as `tcloaded` does. */
function tcDataOf(section: Record<string, unknown>) {
  const flags = (value: unknown) =>
    Object.fromEntries((Array.isArray(value) ? value : []).map((flag, index) => [String(index + 1), flag === true]));
  const vendors = Array.isArray(section.VendorConsents) ? section.VendorConsents : [];
  return {
    gdprApplies: true,
    eventStatus: 'tcloaded',
    purpose: { consents: flags(section.PurposeConsents) },
    vendor: { consents: Object.fromEntries(vendors.map((id) => [String(id), true])) },
    publisher: { consents: flags(section.PublisherConsents) },
  };
}

/** The decision `pingData` carries: an opt-out in any applicable US section, and `tcfeuv2` where it applies. */
export function readGpp(ping: GppPingData, tcf: TcfSettings): GppReading {
  const parsed = isObject(ping.parsedSections) ? ping.parsedSections : {};
  const ids = Array.isArray(ping.applicableSections) ? ping.applicableSections : [];
  const reading: GppReading = {
    ready: ping.signalStatus === 'ready',
    optOut: false,
    tcf: undefined,
    raw: { signalStatus: ping.signalStatus, applicable: [], optOuts: {} },
  };
  for (const id of ids) {
    if (id < 1) continue; // 0 and -1: no section applies
    const name = SECTIONS[id];
    reading.raw.applicable.push(name ?? `#${id}`);
    const section = name ? parsed[name] : undefined;
    if (!isObject(section)) continue;
    if (name === 'tcfeuv2') {
      const decided = readTcData(tcDataOf(section), tcf);
      reading.tcf = decided.state;
      reading.raw.tcfeuv2 = decided.raw;
      continue;
    }
    const fields = OPT_OUT_FIELDS.filter((field) => ['number', 'string'].includes(typeof section[field]));
    reading.raw.optOuts[name] = Object.fromEntries(fields.map((field) => [field, section[field] as number | string]));
    if (fields.some((field) => section[field] === OPTED_OUT[field])) reading.optOut = true;
  }
  return reading;
}

/** `__gpp(command, callback, parameter, version)` takes its arguments in a CMP call's order. */
const ownGppApi = (api: CmpFunction) => api as CmpCall;

/**
 * Follows the CMP: calls `onReading` with the reading of each event's `pingData`, the first as soon
 * as the CMP answers (its `listenerRegistered` event). A CMP that loads after this script is found
 * when it does (looked for every 200 ms for 30 s); without one, nothing is ever decided. Stops when
 * `signal` aborts.
 */
export function followGpp(tcf: TcfSettings, onReading: (reading: GppReading) => void, signal: AbortSignal): void {
  let listenerId: number | undefined;
  const listen = (call: CmpCall) => {
    call('addEventListener', (event, success) => {
      if (signal.aborted || !success || !isObject(event) || !isObject(event.pingData)) return;
      if (typeof event.listenerId === 'number') listenerId ??= event.listenerId;
      onReading(readGpp(event.pingData as GppPingData, tcf));
    });
    signal.addEventListener('abort', () => {
      if (listenerId !== undefined) call('removeEventListener', () => {}, listenerId);
    });
  };
  whenCmpFound('gpp', ownGppApi, listen, signal);
}
