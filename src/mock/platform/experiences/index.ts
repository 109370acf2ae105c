import jsonLogic from 'json-logic-js';
import type { PlatformContext } from '../context';
import { allocate } from './bucketing';
import { decodeCallbackData, encodeCallbackData } from './callback';
import { createCatalog } from './catalog';
import { generateContextId } from './context-id';
import { createProfiles } from './profiles';
import type { Experience, ExperienceMetrics, ExperiencesQuery, Iteration, Payload, Variation, View } from './types';

export type { VisitorProfile } from './profiles';
export type * from './types';

/** One element of `experiencePayloads`, as PROTOCOL.md's "Server experiences" shows it. */
export interface ExperiencePayload {
  payload: Payload;
  isControl: boolean;
  id: number;
  callback: string;
  variation: number;
}

/** What `GET /v1/{trackingId}/experiences` answers: the payloads, or the first requested id that cannot be served (404). */
export type ExperiencesAnswer =
  | { found: true; experiencePayloads: ExperiencePayload[]; contextId: string; cookieDomains: string[] }
  | { found: false; experienceId: number };

/**
 * The experiences area of the mock platform. `service` is what the MSW handlers call, `admin` the
 * server-side operations, `inspect` what tests and the demo read back.
 */
export function createExperiencesArea(ctx: PlatformContext) {
  const catalog = createCatalog((trackingId) => ctx.properties.ensure(trackingId));
  const profiles = createProfiles(ctx.bus);
  const views: View[] = [];
  const served = new Map<string, number>();
  let invalidCallbacks = 0;
  const servedKey = (trackingId: string, experience: number, variation: number) =>
    JSON.stringify([trackingId, experience, variation]);

  /** The iteration a request gets: the latest one with `preview`, else the latest published one. */
  const iterationFor = (experience: Experience, preview: boolean): Iteration | undefined =>
    preview ? experience.iterations.at(-1) : experience.iterations.filter((it) => it.published).pop();

  const inSegment = (iteration: Iteration, trackingId: string, contextId: string): boolean => {
    if (!iteration.segment) return true;
    try {
      return jsonLogic.truthy(
        jsonLogic.apply(iteration.segment.condition, { ...profiles.get(trackingId, contextId), contextId }),
      );
    } catch {
      return false;
    }
  };

  const service = {
    /**
     * `GET /v1/{trackingId}/experiences`. `callbackBase` is the `{experiences}/v1/callback` address
     * the callback URLs are made of. Unknown tracking ids get no payloads.
     */
    experiences(trackingId: string, query: ExperiencesQuery, callbackBase: string): ExperiencesAnswer {
      const contextId = query.contextId || generateContextId();
      let candidates: Experience[];
      if (query.experienceIds) {
        candidates = [];
        for (const id of query.experienceIds) {
          const experience = catalog.get(trackingId, id);
          if (!experience || experience.archived) return { found: false, experienceId: id };
          if (!candidates.includes(experience)) candidates.push(experience);
        }
      } else {
        candidates = catalog.list(trackingId).filter((e) => !e.archived);
      }
      const experiencePayloads: ExperiencePayload[] = [];
      for (const experience of candidates) {
        const iteration = iterationFor(experience, query.preview === true);
        if (!iteration || (!query.ignoreSegments && !inSegment(iteration, trackingId, contextId))) continue;
        const variation: Variation | undefined =
          query.variation === undefined
            ? allocate(iteration.variations, contextId, experience.id)
            : iteration.variations.find((v) => v.id === query.variation);
        if (!variation) continue;
        const key = servedKey(trackingId, experience.id, variation.id);
        served.set(key, (served.get(key) ?? 0) + 1);
        const data = encodeCallbackData({
          trackingId,
          experience: experience.id,
          iteration: iteration.number,
          variation: variation.id,
          contextId,
          isControl: variation.isControl,
        });
        experiencePayloads.push({
          payload: structuredClone(variation.payload),
          isControl: variation.isControl,
          id: experience.id,
          callback: `${callbackBase}?data=${data}`,
          variation: variation.id,
        });
      }
      const cookieDomains = [...(ctx.properties.get(trackingId)?.settings.cookieDomains ?? [])];
      return { found: true, experiencePayloads, contextId, cookieDomains };
    },

    /**
     * `POST <callback>` with `{"id": deviceId}`: records a view of the experience and variation the
     * `data` names (control group included). The platform answers 200 whatever it receives; data it
     * did not make is only counted (`inspect.invalidCallbacks()`).
     */
    callback(data: string | null, body: unknown): void {
      const decoded = decodeCallbackData(data);
      if (!decoded || !catalog.get(decoded.trackingId, decoded.experience)) {
        invalidCallbacks += 1;
        return;
      }
      const id = (body as { id?: unknown } | null)?.id;
      views.push({ ...decoded, ...(typeof id === 'string' && id ? { deviceId: id } : {}), at: ctx.clock.now() });
    },
  };

  const inspect = {
    /** The recorded views (callbacks), oldest first; of one property when `trackingId` is given. */
    views: (trackingId?: string): View[] =>
      views.filter((v) => trackingId === undefined || v.trackingId === trackingId).map((v) => ({ ...v })),
    /** Callbacks whose `data` the platform did not make (answered 200 all the same). */
    invalidCallbacks: () => invalidCallbacks,
    /** What the platform knows of a visitor, as segment conditions see it. */
    profile: (trackingId: string, contextId: string) => structuredClone(profiles.get(trackingId, contextId)),
    /**
     * Per experience and per variation (control included): payloads served, views recorded and
     * distinct visitors among the views. All experiences of the property, or the one asked for.
     */
    metrics(trackingId: string, experienceId?: number): ExperienceMetrics[] {
      return catalog
        .list(trackingId)
        .filter((e) => experienceId === undefined || e.id === experienceId)
        .map((experience) => {
          const variations = new Map<number, Variation>();
          for (const it of experience.iterations) for (const v of it.variations) variations.set(v.id, v);
          const ofExperience = views.filter((v) => v.trackingId === trackingId && v.experience === experience.id);
          const rows = [...variations.values()].map((v) => {
            const seen = ofExperience.filter((view) => view.variation === v.id);
            return {
              variation: v.id,
              name: v.name,
              isControl: v.isControl,
              served: served.get(servedKey(trackingId, experience.id, v.id)) ?? 0,
              views: seen.length,
              visitors: new Set(seen.map((view) => view.contextId)).size,
            };
          });
          return {
            experience: experience.id,
            name: experience.name,
            served: rows.reduce((sum, r) => sum + r.served, 0),
            views: ofExperience.length,
            visitors: new Set(ofExperience.map((view) => view.contextId)).size,
            variations: rows,
          };
        });
    },
  };

  return { service, admin: catalog, inspect };
}

/** The experiences catalog of the mock: create experiences, add and publish iterations, archive. */
export type ExperiencesAdmin = ReturnType<typeof createExperiencesArea>['admin'];
