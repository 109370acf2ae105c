// IAB TCF v2.2: the visitor's choice as the page's consent management platform (CMP) publishes it,
// through `__tcfapi('addEventListener', 2, callback)`, or the standard postMessage protocol to a
// `__tcfapiLocator` frame up the tree where the page has no `__tcfapi` of its own (an iframe).
import { isObject } from '@svc/core';
import type { Consent } from '../types';

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

type Callback = (data: TcData, success: boolean) => void;
type TcfApi = (command: string, version: number, callback: Callback, parameter?: unknown) => void;

/** `eventStatus` values that carry the visitor's decision: a stored one (`tcloaded`) or a new one. */
const DECIDED = new Set(['tcloaded', 'useractioncomplete']);

/** How long a page without a CMP is looked at again for one loading late, and how often. */
const CMP_WAIT_MS = 30_000;
const CMP_POLL_MS = 200;

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

/** The frame that holds the CMP's `__tcfapiLocator` frame: this window or one of its ancestors. */
function locatorHost(): Window | undefined {
  let frame: Window = window;
  for (;;) {
    try {
      if ((frame.frames as unknown as Record<string, unknown>).__tcfapiLocator) return frame;
    } catch {
      // A cross-origin ancestor's frames can still be listed; an error means none here.
    }
    if (frame === window.top || frame.parent === frame) return undefined;
    frame = frame.parent;
  }
}

/** `__tcfapi` as a function over the postMessage protocol to the CMP in `host` (TCF v2.2, "iframe"). */
function overPostMessage(host: Window, signal: AbortSignal): TcfApi {
  const callbacks = new Map<string, Callback>();
  addEventListener(
    'message',
    (event) => {
      let data: unknown = event.data;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data);
        } catch {
          return;
        }
      }
      const reply = isObject(data) ? data.__tcfapiReturn : undefined;
      if (!isObject(reply)) return;
      callbacks.get(String(reply.callId))?.(reply.returnValue as TcData, reply.success === true);
    },
    { signal },
  );
  let calls = 0;
  return (command, version, callback, parameter) => {
    const callId = `svc-${++calls}`;
    callbacks.set(callId, callback);
    host.postMessage({ __tcfapiCall: { command, version, parameter, callId } }, '*');
  };
}

/** The page's `__tcfapi`, or a postMessage one to a locator frame up the tree, else `undefined`. */
function findTcfApi(signal: AbortSignal): TcfApi | undefined {
  const api = (globalThis as { __tcfapi?: unknown }).__tcfapi;
  if (typeof api === 'function') return api as TcfApi;
  const host = locatorHost();
  return host && host !== window ? overPostMessage(host, signal) : undefined;
}

/**
 * Follows the CMP: calls `onReading` with each reading of its TC data, the first one as soon as
 * the CMP answers. A CMP that loads after this script is found when it does (looked for every
 * 200 ms for 30 s); without one, nothing is ever decided. Stops when `signal` aborts.
 */
export function followTcf(settings: TcfSettings, onReading: (reading: TcfReading) => void, signal: AbortSignal): void {
  let listenerId: number | undefined;
  const listen = (api: TcfApi) => {
    api('addEventListener', 2, (data, success) => {
      if (signal.aborted || !success || !isObject(data)) return;
      if (typeof data.listenerId === 'number') listenerId ??= data.listenerId;
      onReading(readTcData(data, settings));
    });
    signal.addEventListener('abort', () => {
      if (listenerId !== undefined) api('removeEventListener', 2, () => {}, listenerId);
    });
  };
  const api = findTcfApi(signal);
  if (api) {
    listen(api);
    return;
  }
  const started = Date.now();
  const poll = setInterval(() => {
    const found = findTcfApi(signal);
    if (found) listen(found);
    if (found || Date.now() - started >= CMP_WAIT_MS) clearInterval(poll);
  }, CMP_POLL_MS);
  signal.addEventListener('abort', () => clearInterval(poll));
}
