// The experiences GET and the callback POST of PROTOCOL.md's "Server experiences" block.
import jsonLogic from 'json-logic-js';
import { allocate } from './bucketing';
import { decodeCallbackData, encodeCallbackData } from './callback';
import { generateContextId } from './context-id';
import { type ExperiencesState, servedKey } from './state';
import type { Experience, ExperiencePayload, ExperiencesAnswer, ExperiencesQuery, Iteration, Variation } from './types';

/** The iteration a request gets: the latest one with `preview`, else the latest published one. */
const iterationFor = (experience: Experience, preview: boolean): Iteration | undefined =>
  preview ? experience.iterations.at(-1) : experience.iterations.filter((it) => it.published).pop();

/**
 * Whether the visitor is in the iteration's segment (no segment: everyone; a condition that fails to evaluate: nobody).
 */
function inSegment(state: ExperiencesState, iteration: Iteration, trackingId: string, contextId: string): boolean {
  if (!iteration.segment) return true;
  try {
    const data = { ...state.profiles.get(trackingId, contextId), contextId };
    return jsonLogic.truthy(jsonLogic.apply(iteration.segment.condition, data));
  } catch {
    return false;
  }
}

/**
 * The experiences asked for (all of the property's live ones without `experienceIds`), or the first id that cannot be
 * served.
 */
function candidatesFor(state: ExperiencesState, trackingId: string, query: ExperiencesQuery): Experience[] | number {
  if (!query.experienceIds) return state.catalog.list(trackingId).filter((e) => !e.archived);
  const candidates: Experience[] = [];
  for (const id of query.experienceIds) {
    const experience = state.catalog.get(trackingId, id);
    if (!experience || experience.archived) return id;
    if (!candidates.includes(experience)) candidates.push(experience);
  }
  return candidates;
}

/** The payload of `experience` for the visitor, counted as served; `undefined` when the visitor gets none. */
function payloadFor(
  state: ExperiencesState,
  experience: Experience,
  request: { trackingId: string; contextId: string; query: ExperiencesQuery; callbackBase: string },
): ExperiencePayload | undefined {
  const { trackingId, contextId, query } = request;
  const iteration = iterationFor(experience, query.preview === true);
  if (!iteration || (!query.ignoreSegments && !inSegment(state, iteration, trackingId, contextId))) return undefined;
  const variation: Variation | undefined =
    query.variation === undefined
      ? allocate(iteration.variations, contextId, experience.id)
      : iteration.variations.find((v) => v.id === query.variation);
  if (!variation) return undefined;
  const key = servedKey(trackingId, experience.id, variation.id);
  state.served.set(key, (state.served.get(key) ?? 0) + 1);
  const data = encodeCallbackData({
    trackingId,
    experience: experience.id,
    iteration: iteration.number,
    variation: variation.id,
    contextId,
    isControl: variation.isControl,
  });
  return {
    payload: structuredClone(variation.payload),
    isControl: variation.isControl,
    id: experience.id,
    callback: `${request.callbackBase}?data=${data}`,
    variation: variation.id,
  };
}

/**
 * `GET /v1/{trackingId}/experiences`. `callbackBase` is the `{experiences}/v1/callback` address
 * the callback URLs are made of. Unknown tracking ids get no payloads.
 */
export function serveExperiences(
  state: ExperiencesState,
  trackingId: string,
  query: ExperiencesQuery,
  callbackBase: string,
): ExperiencesAnswer {
  const contextId = query.contextId || generateContextId();
  const candidates = candidatesFor(state, trackingId, query);
  if (typeof candidates === 'number') return { found: false, experienceId: candidates };
  const experiencePayloads: ExperiencePayload[] = [];
  for (const experience of candidates) {
    const payload = payloadFor(state, experience, { trackingId, contextId, query, callbackBase });
    if (payload) experiencePayloads.push(payload);
  }
  const cookieDomains = [...(state.ctx.properties.get(trackingId)?.settings.cookieDomains ?? [])];
  return { found: true, experiencePayloads, contextId, cookieDomains };
}

/**
 * `POST <callback>` with `{"id": deviceId}`: records a view of the experience and variation the
 * `data` names (control group included). The platform answers 200 whatever it receives; data it
 * did not make is only counted (`inspect.invalidCallbacks()`).
 */
export function recordCallback(state: ExperiencesState, data: string | null, body: unknown): void {
  const decoded = decodeCallbackData(data);
  if (!decoded || !state.catalog.get(decoded.trackingId, decoded.experience)) {
    state.invalidCallbacks += 1;
    return;
  }
  const id = (body as { id?: unknown } | null)?.id;
  state.views.push({
    ...decoded,
    ...(typeof id === 'string' && id ? { deviceId: id } : {}),
    at: state.ctx.clock.now(),
  });
}
