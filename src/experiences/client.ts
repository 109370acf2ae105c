import {
  checkFields,
  connectionUrl,
  type FieldCheck,
  globalPrivacyControl,
  invalid,
  isObject,
  type JsonObject,
  optional,
  platformFor,
  readConnection,
  readVisitorId,
  refuseUnknownKeys,
  request,
  type SvcError,
  type TimeoutRule,
  throughPlatform,
  withQuery,
} from '@svc/core';
import { CONTEXT_ID_RULE, checkContextId, isContextId } from './context-id';
import { ExperienceNotFoundError } from './not-found';
import { isPositiveId, isUrl, readExperiences } from './response';
import type {
  ExperiencePayload,
  Experiences,
  ExperiencesClient,
  ExperiencesClientOptions,
  GetExperiencesOptions,
  SeenResult,
} from './types';

const isBoolean = (value: unknown) => typeof value === 'boolean';

/** The default of each option of `createExperiencesClient` (ExperiencesClientOptions documents each). */
const DEFAULTS = { timeout: 0 } as const;

/** The client's timeout: none by default, as the platform's own answers are quick and a shop sets its own. */
const TIMEOUT: TimeoutRule = { default: DEFAULTS.timeout, least: 0 };

/** createExperiencesClient's options: the connection options of every client (core's `readConnection`). */
const CLIENT_OPTIONS = ['trackingId', 'endpoint', 'timeout'];

/** How errors name those options: by their own names, as the guide's option table does. */
const NAMES = { trackingId: 'trackingId', endpoint: 'endpoint', timeout: 'timeout' };

/** getExperiences' options, each checked when given, in this order. */
const GET_OPTIONS: FieldCheck[] = [
  ['contextId', optional(isContextId), CONTEXT_ID_RULE],
  [
    'experienceIds',
    optional((value) => Array.isArray(value) && value.length > 0 && value.every(isPositiveId)),
    'must be a non-empty array of positive integers',
  ],
  ['variation', optional(isPositiveId), 'must be a positive integer'],
  ['preview', optional(isBoolean), 'must be a boolean'],
  ['ignoreSegments', optional(isBoolean), 'must be a boolean'],
  [
    'signal',
    optional((value) => value === null || typeof (value as AbortSignal)?.addEventListener === 'function'),
    'must be an AbortSignal',
  ],
  ['headers', optional(isObject), "must be the shop's request headers (Headers or an object)"],
  ['gpc', optional(isBoolean), 'must be a boolean'],
];

/** What every call of one client shares: where to ask, for which property, and the timeout. */
interface ClientContext {
  /** `{endpoint}/v1/{trackingId}/experiences`. */
  base: string;
  /** How errors name the request. */
  action: string;
  timeout: number;
  /** The platform route this client's requests go through (`setEndpoints({ platform })`), if any. */
  platform: string | undefined;
}

/** GET the visitor's experiences (see `ExperiencesClient.getExperiences`). */
async function getExperiences(client: ClientContext, params: GetExperiencesOptions = {}): Promise<Experiences> {
  if (typeof params !== 'object' || !params) invalid('options', params, 'must be an object');
  refuseUnknownKeys(
    'options',
    params,
    GET_OPTIONS.map(([name]) => name),
  );
  checkFields(params, '', GET_OPTIONS);
  const { experienceIds, preview, variation, ignoreSegments, signal } = params;
  // Global Privacy Control: the visitor is anonymous, no id sent and none to store (docs/consent.md).
  const optedOut = params.gpc ?? globalPrivacyControl(params.headers);
  // A cookie's id passes the same rule as a given one: whatever is sent, `seen` and `contextCookie` accept.
  const cookie = params.contextId === undefined && !optedOut ? readVisitorId() : undefined;
  const contextId = optedOut
    ? undefined
    : cookie === undefined
      ? params.contextId
      : checkContextId('contextId', cookie, 'the _svcTracker cookie');
  // PROTOCOL.md's order; the id list keeps its literal commas (`experienceIds=1,2`).
  let url = withQuery(client.base, { contextId });
  if (experienceIds) url += `${contextId ? '&' : '?'}experienceIds=${experienceIds}`; // Array toString: 1,2
  let body: JsonObject;
  try {
    const query = { preview, variation, ignoreSegments };
    body = await request(url, { query, timeout: client.timeout, signal, envelope: false, action: client.action });
  } catch (error) {
    throw notFoundAmong(error, experienceIds);
  }
  const experiences = readExperiences(body, client.action, contextId);
  return optedOut ? { ...experiences, generated: false } : experiences;
}

/**
 * A 404 `{"message":"experience 7 not found"}` naming an id the caller asked for, as `ExperienceNotFoundError`;
 * anything else as it is.
 */
function notFoundAmong(error: unknown, experienceIds: readonly number[] | undefined): unknown {
  if ((error as SvcError)?.code !== 'NOT_FOUND') return error;
  // PROTOCOL.md's 404 names the experience in the platform's message: `experience 7 not found`.
  const id = Number(/^experience (\d+) not found$/.exec((error as SvcError).detail ?? '')?.[1]);
  return experienceIds?.includes(id) ? new ExperienceNotFoundError(id, error as SvcError) : error;
}

/**
 * POST the view to the payload's callback (see `ExperiencesClient.seen`); never rejects for the answer or the network.
 */
async function seen(
  client: ClientContext,
  experiencePayload: ExperiencePayload,
  deviceId: string | undefined = readVisitorId(),
): Promise<SeenResult> {
  const callback = (experiencePayload as Partial<ExperiencePayload> | null)?.callback;
  if (!isUrl(callback)) invalid('experiencePayload.callback', callback, 'must be an http(s) URL');
  checkContextId('deviceId', deviceId);
  let attempts = 1;
  // Only a network failure is tried again: any HTTP answer came from something that may have recorded the view.
  const retry = {
    limit: 2,
    shouldRetry: (failure: SvcError) => failure.code === 'NETWORK',
    onRetry: () => attempts++,
  };
  // Through the shop's platform route when the client's requests go there (docs/protocol-decisions.md).
  const target = client.platform ? throughPlatform(client.platform, callback) : callback;
  const error = await request(target, {
    json: { id: deviceId },
    timeout: client.timeout,
    envelope: false,
    retry,
  }).then(
    () => undefined,
    (failure: SvcError) => failure,
  );
  // HTTP 200 is the platform's whole answer: a body that is not JSON does not undo it.
  const status = error ? error.status : 200;
  return status === 200 ? { ok: true, status, attempts } : { ok: false, status, attempts, error };
}

/**
 * A client of the platform's server experiences, for Node (server-side rendering) and browsers.
 * Options are checked here, once: a wrong one throws `InvalidArgumentError`.
 * @example
 * ```ts
 * const experiences = createExperiencesClient({ trackingId: 'demo_shop' });
 * const { experiencePayloads } = await experiences.getExperiences({ contextId: 'visitor-1' });
 * ```
 */
export function createExperiencesClient(options: ExperiencesClientOptions): ExperiencesClient {
  const connection = readConnection({ ...options }, TIMEOUT, NAMES);
  refuseUnknownKeys('options', options, CLIENT_OPTIONS);
  const { trackingId } = connection;
  const client: ClientContext = {
    base: connectionUrl('experiences', connection, `/v1/${trackingId}/experiences`),
    action: `experiences of "${trackingId}"`, // as given: segment() leaves its characters unencoded
    timeout: connection.timeout,
    platform: platformFor('experiences', connection.endpoint),
  };
  return {
    getExperiences: (params) => getExperiences(client, params),
    seen: (experiencePayload, deviceId) => seen(client, experiencePayload, deviceId),
  };
}
