import type { PlatformContext } from '../context';
import { experienceMetrics } from './metrics';
import { recordCallback, serveExperiences } from './serve';
import { createExperiencesState } from './state';
import type { ExperienceMetrics, ExperiencesQuery, View } from './types';

export type { VisitorProfile } from './profiles';
export type * from './types';

/**
 * The experiences area of the mock platform. `service` is what the MSW handlers call, `admin` the
 * server-side operations, `inspect` what tests and the demo read back.
 *
 * This file only wires the parts: state.ts, serve.ts (the GET and the callback), catalog.ts (the
 * admin), metrics.ts, bucketing.ts, profiles.ts (what segments see), callback.ts.
 */
export function createExperiencesArea(ctx: PlatformContext) {
  const state = createExperiencesState(ctx);
  const service = {
    /**
     * `GET /v1/{trackingId}/experiences`. `callbackBase` is the `{experiences}/v1/callback` address
     * the callback URLs are made of. Unknown tracking ids get no payloads.
     */
    experiences: (trackingId: string, query: ExperiencesQuery, callbackBase: string) =>
      serveExperiences(state, trackingId, query, callbackBase),
    /** `POST <callback>` with `{"id": deviceId}`: records a view (control group included); 200 whatever it receives. */
    callback: (data: string | null, body: unknown) => recordCallback(state, data, body),
  };
  const inspect = {
    /** The recorded views (callbacks), oldest first; of one property when `trackingId` is given. */
    views: (trackingId?: string): View[] =>
      state.views.filter((v) => trackingId === undefined || v.trackingId === trackingId).map((v) => ({ ...v })),
    /** Callbacks whose `data` the platform did not make (answered 200 all the same). */
    invalidCallbacks: () => state.invalidCallbacks,
    /** What the platform knows of a visitor, as segment conditions see it. */
    profile: (trackingId: string, contextId: string) => structuredClone(state.profiles.get(trackingId, contextId)),
    /**
     * Per experience and per variation (control included): payloads served, views recorded and
     * distinct visitors among the views. All experiences of the property, or the one asked for.
     */
    metrics: (trackingId: string, experienceId?: number): ExperienceMetrics[] =>
      experienceMetrics(state, trackingId, experienceId),
  };
  return { service, admin: state.catalog, inspect };
}

/** The experiences catalog of the mock: create experiences, add and publish iterations, archive. */
export type ExperiencesAdmin = ReturnType<typeof createExperiencesArea>['admin'];
