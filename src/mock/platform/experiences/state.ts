// The experiences area's state: the catalog, the visitors' profiles, the views and the serve counts.
import type { PlatformContext } from '../context';
import { createCatalog } from './catalog';
import { createProfiles } from './profiles';
import type { View } from './types';

export interface ExperiencesState {
  ctx: PlatformContext;
  catalog: ReturnType<typeof createCatalog>;
  profiles: ReturnType<typeof createProfiles>;
  views: View[];
  /** Payloads served, by `servedKey`. */
  served: Map<string, number>;
  /** Callbacks whose `data` the platform did not make. */
  invalidCallbacks: number;
}

export function createExperiencesState(ctx: PlatformContext): ExperiencesState {
  return {
    ctx,
    catalog: createCatalog((trackingId) => ctx.properties.ensure(trackingId)),
    profiles: createProfiles(ctx.bus),
    views: [],
    served: new Map(),
    invalidCallbacks: 0,
  };
}

/** The key of `served` for a variation of an experience of a property. */
export const servedKey = (trackingId: string, experience: number, variation: number) =>
  JSON.stringify([trackingId, experience, variation]);
