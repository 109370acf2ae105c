// Finding a consent management platform (CMP) by the IAB's conventions, shared by the TCF and
// GPP readers: the page's own API function (`__tcfapi`, `__gpp`), or, where the page has none (the
// shop in an iframe), the postMessage protocol to the frame up the tree that holds the CMP's
// locator frame (`__tcfapiLocator`, `__gppLocator`). A CMP that loads after this script is looked
// for again for a while.
import { isObject } from '@svc/core';

/** The two IAB APIs, by the name their function, locator frame and messages are built from. */
export type CmpApiName = 'tcfapi' | 'gpp';

/** The page's own API function, as the CMP defines it (each API orders its arguments its own way). */
export type CmpFunction = (...args: unknown[]) => unknown;

/** A call to a CMP: its command, the callback of its answers, and the command's parameter and version. */
export type CmpCall = (
  command: string,
  callback: (returnValue: unknown, success: boolean) => void,
  parameter?: unknown,
  version?: unknown,
) => void;

/** How long a page without a CMP is looked at again for one loading late, and how often. */
const CMP_WAIT_MS = 30_000;
const CMP_POLL_MS = 200;

/** The frame that holds the CMP's locator frame: this window or one of its ancestors. */
function locatorHost(name: CmpApiName): Window | undefined {
  let frame: Window = window;
  for (;;) {
    try {
      if ((frame.frames as unknown as Record<string, unknown>)[`__${name}Locator`]) return frame;
    } catch {
      // A cross-origin ancestor's frames can still be listed; an error means none here.
    }
    if (frame === window.top || frame.parent === frame) return undefined;
    frame = frame.parent;
  }
}

/** Calls over the postMessage protocol to the CMP in `host`: `{__<name>Call}` out, `{__<name>Return}` back. */
function overPostMessage(name: CmpApiName, host: Window, signal: AbortSignal): CmpCall {
  const callbacks = new Map<string, (returnValue: unknown, success: boolean) => void>();
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
      const reply = isObject(data) ? data[`__${name}Return`] : undefined;
      if (!isObject(reply)) return;
      callbacks.get(String(reply.callId))?.(reply.returnValue, reply.success === true);
    },
    { signal },
  );
  let calls = 0;
  return (command, callback, parameter, version) => {
    const callId = `svc-${++calls}`;
    callbacks.set(callId, callback);
    host.postMessage({ [`__${name}Call`]: { command, parameter, version, callId } }, '*');
  };
}

/**
 * The page's own API function as `call` (`own` adapts its argument order), or a postMessage one to
 * a locator frame up the tree, else `undefined`.
 */
function findCmp(name: CmpApiName, own: (api: CmpFunction) => CmpCall, signal: AbortSignal): CmpCall | undefined {
  const api = (globalThis as Record<string, unknown>)[`__${name}`];
  if (typeof api === 'function') return own(api as CmpFunction);
  const host = locatorHost(name);
  return host && host !== window ? overPostMessage(name, host, signal) : undefined;
}

/**
 * Calls `listen` with the page's CMP as soon as it is found: now, or when a CMP that loads after
 * this script appears (looked for every 200 ms for 30 s). Without one, `listen` is never called.
 * Stops looking when `signal` aborts.
 */
export function whenCmpFound(
  name: CmpApiName,
  own: (api: CmpFunction) => CmpCall,
  listen: (call: CmpCall) => void,
  signal: AbortSignal,
): void {
  const found = findCmp(name, own, signal);
  if (found) {
    listen(found);
    return;
  }
  const started = Date.now();
  const poll = setInterval(() => {
    const late = findCmp(name, own, signal);
    if (late) listen(late);
    if (late || Date.now() - started >= CMP_WAIT_MS) clearInterval(poll);
  }, CMP_POLL_MS);
  signal.addEventListener('abort', () => clearInterval(poll));
}
