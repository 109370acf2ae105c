// IAB TCF v2.2: the visitor's choice as the page's consent management platform (CMP) publishes it,
// through `__tcfapi('addEventListener', 2, callback)`, or the standard postMessage protocol to a
// `__tcfapiLocator` frame up the tree where the page has no `__tcfapi` of its own (an iframe).
import { isObject } from '@svc/core';
import type { Consent } from '../types';
import { type CmpCall, type CmpFunction, whenCmpFound } from './cmp-frame';

/** What the TCF signal needs to know of the shop. */
export interface TcfSettings {
  /** The purposes whose consent the tracker needs (Purpose 1 always among them). */
  purposes: readonly number[];
  /**
   * The shop's vendor id in the Global Vendor List: its consent is required too; else the publisher's consents are
   * read.
   */
  vendorId: number | undefined;
}

/** The parts of the CMP's TC data read here (TCF v2.2, "TCData"). */
export interface TcData {
  gdprApplies?: boolean;
  eventStatus?: string;
  listenerId?: number;
  purpose?: { consents?: Record<string, boolean> };
  vendor?: { consents?: Record<string, boolean> };
  publisher?: { consents?: Record<string, boolean> };
}

/** What the TCF signal says, with the raw values that decided it (shown by the QA overlay). */
export interface TcfReading {
  /** `undefined`: no decision yet (the CMP has not loaded, or has only shown its UI). */
  state: Consent | undefined;
  raw: { gdprApplies?: boolean; eventStatus?: string; purposes: Record<number, boolean>; vendor?: boolean };
}

/** `eventStatus` values that carry the visitor's decision: a stored one (`tcloaded`) or a new one. */
const DECIDED = new Set(['tcloaded', 'useractioncomplete']);

/** The decision TC data carries for `settings`. */
export function readTcData(data: TcData, settings: TcfSettings): TcfReading {
  const consents = (settings.vendorId === undefined ? data.publisher?.consents : data.purpose?.consents) ?? {};
  const purposes: Record<number, boolean> = {};
  for (const purpose of settings.purposes) purposes[purpose] = consents[purpose] === true;
  const vendor = settings.vendorId === undefined ? undefined : data.vendor?.consents?.[settings.vendorId] === true;
  const raw = { gdprApplies: data.gdprApplies, eventStatus: data.eventStatus, purposes, vendor };
  if (data.gdprApplies === false) return { state: 'granted', raw };
  if (!DECIDED.has(data.eventStatus ?? '')) return { state: undefined, raw };
  const allowed = Object.values(purposes).every(Boolean) && vendor !== false;
  return { state: allowed ? 'granted' : 'denied', raw };
}

/** `__tcfapi(command, version, callback, parameter)` as a CMP call. */
const ownTcfApi =
  (api: CmpFunction): CmpCall =>
  (command, callback, parameter, version) =>
    api(command, version, callback, parameter);

/**
 * Follows the CMP: calls `onReading` with each reading of its TC data, the first one as soon as
 * the CMP answers. A CMP that loads after this script is found when it does (looked for every
 * 200 ms for 30 s); without one, nothing is ever decided. Stops when `signal` aborts.
 */
export function followTcf(settings: TcfSettings, onReading: (reading: TcfReading) => void, signal: AbortSignal): void {
  let listenerId: number | undefined;
  const listen = (call: CmpCall) => {
    call(
      'addEventListener',
      (data, success) => {
        if (signal.aborted || !success || !isObject(data)) return;
        if (typeof data.listenerId === 'number') listenerId ??= data.listenerId;
        onReading(readTcData(data as TcData, settings));
      },
      undefined,
      2,
    );
    signal.addEventListener('abort', () => {
      if (listenerId !== undefined) call('removeEventListener', () => {}, listenerId, 2);
    });
  };
  whenCmpFound('tcfapi', ownTcfApi, listen, signal);
}
