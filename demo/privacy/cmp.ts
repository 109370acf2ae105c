// A small Global Privacy Platform CMP for the demo's privacy page and the browser tests, built
// from the IAB's own library (`@iabgpp/cmpapi`: its CMP API, and its encoder for the GPP string).
// A visitor's choice is encoded as a GPP string, as a CMP stores it, and published from that
// string. Exposed as `window.svcGpp`; nothing here is part of the SDK.
import { CmpApi, GppModel } from '@iabgpp/cmpapi';

/** An id from the IAB's test range: this CMP is registered nowhere. */
const CMP_ID = 2;

/** The US sections the demo offers, and the GPP's id of each. */
export const US_SECTIONS = { usnat: 7, usca: 8, usco: 10 } as const;
export type UsSection = keyof typeof US_SECTIONS;
/** The id of `tcfeuv2`, the TCF section of GPP. */
const TCFEUV2 = 2;

/** The three US opt-outs: `true` is "opted out" (1), `false` "did not opt out" (2). */
export interface OptOuts {
  SaleOptOut?: boolean;
  SharingOptOut?: boolean;
  TargetedAdvertisingOptOut?: boolean;
}

/** The opt-out fields each US section has (a state section carries only those its law names). */
const FIELDS: Record<UsSection, (keyof OptOuts)[]> = {
  usnat: ['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'],
  usca: ['SaleOptOut', 'SharingOptOut'],
  usco: ['SaleOptOut', 'TargetedAdvertisingOptOut'],
};

/** A visitor's choice: the opt-outs of one US section, or the TCF purposes consented to in `tcfeuv2`. */
export type Choice = { section: UsSection; optOuts: OptOuts } | { section: 'tcfeuv2'; purposes: number[] };

/** The GPP string of a choice, made by the IAB's encoder. */
export function encodeChoice(choice: Choice): string {
  const model = new GppModel();
  if (choice.section === 'tcfeuv2') {
    const flags = Array.from({ length: 24 }, (_, index) => choice.purposes.includes(index + 1));
    model.setFieldValue('tcfeuv2', 'CmpId', CMP_ID);
    model.setFieldValue('tcfeuv2', 'PurposeConsents', flags);
    model.setFieldValue('tcfeuv2', 'PublisherConsents', flags);
  } else {
    for (const field of FIELDS[choice.section])
      model.setFieldValue(choice.section, field, choice.optOuts[field] === true ? 1 : 2);
  }
  return model.encode();
}

/** The GPP id of a choice's section. */
const sectionId = (choice: Choice) => (choice.section === 'tcfeuv2' ? TCFEUV2 : US_SECTIONS[choice.section]);

let api: CmpApi | undefined;

/** The demo CMP, as `window.svcGpp`. */
export const gpp = {
  /** A minimal stub, as a CMP's inline snippet is: `__gpp` queues calls until the CMP loads. */
  stub(): void {
    const queue: unknown[][] = [];
    (window as unknown as { __gpp: unknown }).__gpp = (...args: unknown[]) => {
      if (args.length === 0) return queue;
      queue.push(args);
      return undefined;
    };
  },
  /** Loads the CMP: the CMP API takes over `__gpp` (and answers what the stub queued); no signal yet. */
  load(): void {
    api = new CmpApi(CMP_ID, 1);
    api.setCmpStatus('loaded' as never);
  },
  /** The banner is shown: the CMP displays its UI; the signal stays as it was. */
  show(): void {
    api?.setCmpDisplayStatus('visible' as never);
  },
  /** The visitor decides: the choice's GPP string published, its section applicable, the signal ready. */
  decide(choice: Choice): string {
    const encoded = encodeChoice(choice);
    if (!api) return encoded;
    api.setGppString(encoded);
    api.setApplicableSections([sectionId(choice)]);
    api.setCmpDisplayStatus('hidden' as never);
    if (api.getSignalStatus() === 'ready') api.fireSectionChange(choice.section);
    else api.setSignalStatus('ready' as never);
    return encoded;
  },
  /** No section applies to this visitor (outside the US and Europe): ready, `applicableSections` [-1]. */
  noSection(): void {
    api?.setApplicableSections([-1]);
    api?.setSignalStatus('ready' as never);
  },
};

(window as unknown as { svcGpp: typeof gpp }).svcGpp = gpp;
