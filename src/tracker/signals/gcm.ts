// Google Consent Mode v2: the `consent` `default` and `update` commands that gtag pushes onto
// `window.dataLayer` (`gtag('consent', 'update', {...})` is `dataLayer.push(arguments)`), those pushed
// before this script loaded included. The page's own `dataLayer.push` keeps working: it is wrapped,
// never replaced, so Google Tag Manager and gtag see every push whichever of them loads first.
import { isObject } from '@svc/core';
import type { Consent } from '../types';

/** The Consent Mode fields the tracker reads. */
const FIELDS = ['analytics_storage', 'personalization_storage'] as const;
type Field = (typeof FIELDS)[number];
/** The Consent Mode fields the tracker reads, as a command set them: `{ analytics_storage: 'granted' }`. */
export interface ConsentModeFields {
  analytics_storage?: 'granted' | 'denied';
  personalization_storage?: 'granted' | 'denied';
}

/** What Consent Mode says, with the raw values that decided it (shown by the QA overlay). */
export interface GcmReading {
  /** From `analytics_storage`: storage and sending. `undefined`: no decision yet. */
  state: Consent | undefined;
  /** From `personalization_storage`, else `analytics_storage`: whether recommendations may use the visitor id. */
  personalization: boolean;
  raw: { default: ConsentModeFields; update: ConsentModeFields };
}

/** The consent command an entry of the data layer is, if it is one. */
function consentCommand(entry: unknown): { kind: 'default' | 'update'; values: ConsentModeFields } | undefined {
  // gtag pushes its `arguments` object; a page may push an array of the same three items.
  if (typeof entry !== 'object' || entry === null) return undefined;
  const [name, kind, fields] = [0, 1, 2].map((index) => (entry as Record<number, unknown>)[index]);
  if (name !== 'consent') return undefined;
  if ((kind !== 'default' && kind !== 'update') || !isObject(fields)) return undefined;
  const values: ConsentModeFields = {};
  for (const field of FIELDS) {
    const value = fields[field];
    if (value === 'granted' || value === 'denied') values[field] = value;
  }
  return { kind, values };
}

/**
 * A field's decision: the latest `update`, else the defaults. A default of `denied` is no decision
 * (the banner has not been answered yet: nothing is written or sent, events wait in memory); a
 * default of `granted` is one. Defaults for several regions count as denied where any denies.
 */
function decided(field: Field, raw: GcmReading['raw']): 'granted' | 'denied' | undefined {
  if (raw.update[field]) return raw.update[field];
  return raw.default[field] === 'granted' ? 'granted' : undefined;
}

/** The reading of the commands seen so far. */
export function readGcm(raw: GcmReading['raw']): GcmReading {
  const analytics = decided('analytics_storage', raw);
  const personalizationSet = raw.update.personalization_storage ?? raw.default.personalization_storage;
  const personalization = personalizationSet ? decided('personalization_storage', raw) : analytics;
  return {
    state: analytics === undefined ? undefined : analytics,
    personalization: personalization === 'granted',
    raw,
  };
}

/**
 * Follows Consent Mode on this page: reads the commands already in `window.dataLayer` (created when
 * missing, as gtag's snippet would), then each one pushed later, and calls `onReading` after each
 * consent command. Stops reading when `signal` aborts (the wrapper then only passes pushes on).
 */
export function followGcm(onReading: (reading: GcmReading) => void, signal: AbortSignal): void {
  const page = globalThis as { dataLayer?: unknown[] };
  if (!Array.isArray(page.dataLayer)) page.dataLayer = [];
  const layer = page.dataLayer;
  const raw: GcmReading['raw'] = { default: {}, update: {} };
  const take = (entry: unknown) => {
    const command = consentCommand(entry);
    if (!command) return false;
    for (const [field, value] of Object.entries(command.values) as [Field, 'granted' | 'denied'][]) {
      // Among defaults the stricter value stays (one per region may be pushed); an update replaces.
      if (command.kind === 'update' || raw.default[field] !== 'denied') raw[command.kind][field] = value;
    }
    return true;
  };
  if (layer.map(take).some(Boolean)) onReading(readGcm(raw));
  const push = layer.push;
  layer.push = function (this: unknown[], ...entries: unknown[]) {
    const result = push.apply(this, entries);
    if (!signal.aborted && entries.map(take).some(Boolean)) onReading(readGcm(raw));
    return result;
  };
}
