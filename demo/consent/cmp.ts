// A small consent management platform (CMP) for the demo's consent page and the browser tests,
// built from the IAB's own libraries: the `__tcfapi` stub (with its `__tcfapiLocator` frame),
// the CMP API and the TC string encoder. Like the CMPs shops run (OneTrust, Cookiebot,
// Usercentrics), it also tells Google Consent Mode v2 each decision through `gtag('consent', ...)`.
// Exposed as `window.svcCmp`; nothing here is part of the SDK.
import { CmpApi } from '@iabtechlabtcf/cmpapi';
import { GVL, TCModel, TCString } from '@iabtechlabtcf/core';
import installStub from '@iabtechlabtcf/stub';

/** The demo's own vendor in its vendor list: the shop's `data-tcf-vendor`. */
export const VENDOR_ID = 1001;
/** An id from the IAB's test range: this CMP is registered nowhere. */
const CMP_ID = 2;
/** Every TCF v2.2 purpose, 1 to 11. */
export const ALL_PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/** A vendor list with the eleven purposes and one vendor, enough to encode TC strings offline. */
function vendorList(): GVL {
  const purposes = Object.fromEntries(
    ALL_PURPOSES.map((id) => [id, { id, name: `Purpose ${id}`, description: '', illustrations: [] }]),
  );
  const vendor = {
    id: VENDOR_ID,
    name: 'svc demo',
    purposes: [1, 5, 6, 8, 9],
    legIntPurposes: [],
    flexiblePurposes: [],
    specialPurposes: [],
    features: [],
    specialFeatures: [],
    urls: [],
    usesCookies: true,
    cookieMaxAgeSeconds: 31_536_000,
    usesNonCookieAccess: false,
  };
  return new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 1,
    tcfPolicyVersion: 5,
    lastUpdated: '2026-11-01T00:00:00Z',
    purposes,
    specialPurposes: {},
    features: {},
    specialFeatures: {},
    stacks: {},
    dataCategories: {},
    vendors: { [VENDOR_ID]: vendor },
  } as unknown as ConstructorParameters<typeof GVL>[0]);
}

/** A visitor's choice: the purposes consented to (for the publisher and for vendors), and the demo vendor. */
export interface Choice {
  purposes: number[];
  vendor?: boolean;
}

/** The TC string of a choice, as a CMP stores and publishes it. */
export function encodeChoice({ purposes, vendor = true }: Choice): string {
  const model = new TCModel(vendorList());
  model.cmpId = CMP_ID;
  model.cmpVersion = 1;
  model.isServiceSpecific = true;
  model.purposeConsents.set(purposes);
  model.publisherConsents.set(purposes);
  if (vendor) model.vendorConsents.set(VENDOR_ID);
  return TCString.encode(model);
}

/** Consent Mode's fields for a choice: storage kinds mapped from the TCF purposes that cover them. */
export function consentModeFields({ purposes }: Choice): Record<string, 'granted' | 'denied'> {
  const all = (...needed: number[]) => (needed.every((p) => purposes.includes(p)) ? 'granted' : 'denied');
  return {
    ad_storage: all(1, 3, 4),
    ad_user_data: all(1, 7),
    ad_personalization: all(1, 3, 4),
    analytics_storage: all(1, 8, 9),
    personalization_storage: all(1, 5, 6),
  };
}

type Gtag = (...args: unknown[]) => void;
/** gtag as its snippet defines it: `function gtag(){dataLayer.push(arguments)}`. */
const gtag: Gtag = function gtag() {
  const page = window as unknown as { dataLayer?: unknown[] };
  page.dataLayer = page.dataLayer || [];
  // biome-ignore lint/complexity/noArguments: gtag pushes its arguments object, exactly as Google's snippet does.
  page.dataLayer.push(arguments);
};

/**
 * The postMessage API for frames below (TCF v2.2, "How can vendors that use iframes call the CMP
 * API from an iframe?"): each `__tcfapiCall` is answered to the frame that sent it, every time its
 * callback runs. The IAB stub answers only a callback that runs at once, so `addEventListener`'s
 * later events need this, as a real CMP provides it.
 */
let answering = false;
function answerFrames(): void {
  if (answering) return;
  answering = true;
  addEventListener('message', (event) => {
    let data: unknown = event.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    const call = (data as { __tcfapiCall?: { command: string; version: number; parameter?: unknown; callId: unknown } })
      ?.__tcfapiCall;
    const source = event.source as Window | null;
    if (!call || !source || source === window) return;
    const tcfapi = (window as unknown as { __tcfapi: (...args: unknown[]) => void }).__tcfapi;
    tcfapi(
      call.command,
      call.version,
      (returnValue: unknown, success: boolean) =>
        source.postMessage({ __tcfapiReturn: { returnValue, success, callId: call.callId } }, '*'),
      call.parameter,
    );
  });
}

let api: CmpApi | undefined;
let current: string | null | undefined;
let tellConsentMode = true;

/** The demo CMP, as `window.svcCmp`. */
export const cmp = {
  /** Installs the IAB stub: `__tcfapi` queues calls, and a `__tcfapiLocator` frame answers frames below. */
  stub(): void {
    installStub();
    answerFrames();
  },
  /**
   * Loads the CMP: the CMP API takes over `__tcfapi` (answering what the stub queued once a choice
   * is known). `consentMode: false` leaves Consent Mode alone; otherwise its defaults are pushed
   * (denied until the visitor decides).
   */
  load({ consentMode = true }: { consentMode?: boolean } = {}): void {
    if (!(window as unknown as { __tcfapi?: unknown }).__tcfapi) cmp.stub();
    api = new CmpApi(CMP_ID, 1, true);
    tellConsentMode = consentMode;
    if (consentMode) gtag('consent', 'default', consentModeFields({ purposes: [] }));
  },
  /** The banner is shown: `eventStatus` `cmpuishown`, no decision. */
  show(): void {
    api?.update(current ?? '', true);
  },
  /**
   * The visitor decides, Consent Mode updated: `useractioncomplete` after `show()`, else `tcloaded`
   * (a choice the CMP had stored, published without its banner).
   */
  decide(choice: Choice): void {
    current = encodeChoice(choice);
    api?.update(current, false);
    if (tellConsentMode) gtag('consent', 'update', consentModeFields(choice));
  },
  /** GDPR does not apply to this visitor: `gdprApplies` false. */
  notApplicable(): void {
    current = null;
    api?.update(null, false);
  },
};

(window as unknown as { svcCmp: typeof cmp }).svcCmp = cmp;
