// What the demo uses of `window.svc`, looked up when used: a QA panel says so when its package is
// missing from this build of svc.min.js instead of breaking the page. Types only are imported
// here; the code itself comes from the script tag.

import type { createExperiencesClient } from '../src/experiences';
import type { createIntegration } from '../src/integrations';
import type { recommendations } from '../src/recommendations';
import type { createStash } from '../src/stash';
import type { Tracker } from '../src/tracker';
import { svc } from './platform';

export type { Recommendation, Recommendations as RecommendationsClient } from '../src/recommendations';
export type { TrackingEvent as TrackedEvent } from '../src/tracker/types';
export type { Tracker };

/** The exports of svc.min.js the demo uses. */
interface Exports {
  recommendations: typeof recommendations;
  createStash: typeof createStash;
  createExperiencesClient: typeof createExperiencesClient;
  createIntegration: typeof createIntegration;
  tracker: Tracker | undefined;
  /** Opens the QA overlay (svc-qa.js): the SDK's state, the same panels as on any storefront. */
  qa: () => void;
}

/** `window.svc[name]`, or undefined when this build of svc.min.js has no such export. */
export function sdk<K extends keyof Exports>(name: K): Exports[K] | undefined {
  return (svc as unknown as Partial<Exports>)[name];
}

/** The page's tracker, started by svc.min.js from its script tag. */
export const tracker = (): Tracker | undefined => sdk('tracker');
