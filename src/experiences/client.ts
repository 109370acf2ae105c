import { endpointFor } from '../core/endpoints';
import { invalid, SvcError } from '../core/errors';
import { request, withQuery } from '../core/http';
import { segment } from '../core/path';
import { retry } from '../core/retry';
import { readVisitorId } from '../core/visitor-id';
import { ExperienceNotFoundError } from './not-found';
import { isId, readExperiences } from './response';
import type { ExperiencePayload, ExperiencesClient, ExperiencesClientOptions, GetExperiencesOptions, SeenResult } from './types';

const HTTP_URL = /^https?:\/\//i;

/** Checks a visitor id given by the caller (contextId, deviceId): a non-empty string of at most 256 characters. */
function visitor(argument: string, value: unknown): string {
  if (typeof value !== 'string' || !value || value.length > 256) invalid(argument, value, 'must be a non-empty string of at most 256 characters');
  return value as string;
}

function flag(argument: string, value: unknown): boolean {
  if (value !== undefined && typeof value !== 'boolean') invalid(argument, value, 'must be a boolean');
  return value === true;
}

/**
 * A client of the platform's server experiences, for Node (server-side rendering) and browsers.
 * Options are checked here, once: a wrong one throws `InvalidArgumentError`.
 */
export function createExperiencesClient(options: ExperiencesClientOptions): ExperiencesClient {
  if (typeof options !== 'object' || options === null) invalid('options', options, 'must be an object');
  const trackingId = segment('trackingId', options.trackingId);
  const { endpoint, timeout = 0 } = options;
  if (endpoint !== undefined && (typeof endpoint !== 'string' || !HTTP_URL.test(endpoint))) invalid('endpoint', endpoint, 'must be an http(s) URL');
  if (typeof timeout !== 'number' || !(timeout >= 0) || timeout === Infinity) invalid('timeout', timeout, 'must be a number of milliseconds >= 0');
  const url = `${endpointFor('experiences', endpoint)}/v1/${trackingId}/experiences`;
  const what = `experiences of "${options.trackingId}"`;

  return {
    async getExperiences(params: GetExperiencesOptions = {}) {
      if (typeof params !== 'object' || params === null) invalid('options', params, 'must be an object');
      const { experienceIds, variation, signal } = params;
      const contextId = params.contextId === undefined ? readVisitorId() : visitor('contextId', params.contextId);
      if (experienceIds !== undefined && !(Array.isArray(experienceIds) && experienceIds.length > 0 && experienceIds.every(isId))) {
        invalid('experienceIds', experienceIds, 'must be a non-empty array of experience ids (positive integers)');
      }
      if (variation !== undefined && !isId(variation)) invalid('variation', variation, 'must be a variation id (positive integer)');
      const preview = flag('preview', params.preview);
      const ignoreSegments = flag('ignoreSegments', params.ignoreSegments);

      // PROTOCOL.md's order; the id list keeps its literal commas (`experienceIds=1,2`).
      let target = withQuery(url, { contextId });
      if (experienceIds) target += `${contextId ? '&' : '?'}experienceIds=${experienceIds.join(',')}`;
      target = withQuery(target, { preview, variation, ignoreSegments });

      let body;
      try {
        body = await request(target, { timeout, signal, envelope: false, what });
      } catch (error) {
        // 404 {"message":"experience 7 not found"}: name the id when it is one the caller asked for.
        const id = error instanceof SvcError && error.code === 'NOT_FOUND' ? Number(/experience (\d+) not found/.exec(error.message)?.[1]) : NaN;
        throw experienceIds?.includes(id) ? new ExperienceNotFoundError(id, options.trackingId, error) : error;
      }
      return { ...readExperiences(body, what), generated: !contextId };
    },

    async seen(experiencePayload: ExperiencePayload, deviceId: string | undefined = readVisitorId()): Promise<SeenResult> {
      const callback = (experiencePayload as Partial<ExperiencePayload> | null)?.callback;
      if (typeof callback !== 'string' || !HTTP_URL.test(callback)) {
        invalid('experiencePayload.callback', callback, 'must be the http(s) URL the platform returned');
      }
      const id = visitor('deviceId', deviceId);
      let attempts = 0;
      const send = () => {
        attempts++;
        return request(callback as string, { method: 'POST', json: { id }, timeout, envelope: false, what: `seen experience ${experiencePayload.id}` });
      };
      try {
        await retry(send, { shouldRetry: (error) => error instanceof SvcError && error.code === 'NETWORK' });
        return { ok: true, status: 200, attempts };
      } catch (error) {
        const failure = error as SvcError;
        // HTTP 200 is the platform's whole answer: a body that is not JSON does not undo it.
        if (failure.status === 200) return { ok: true, status: 200, attempts };
        return { ok: false, status: failure.status, attempts, error: failure };
      }
    },
  };
}
