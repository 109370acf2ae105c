import type { RequestHeaders, SvcError } from '@svc/core';

/** Options of `createExperiencesClient`; only `trackingId` is required. */
export interface ExperiencesClientOptions {
  /** The property's tracking id (1-128 of `A-Z a-z 0-9 . _ ~ -`). Required. */
  trackingId: string;
  /**
   * Base URL of server experiences. Without it, the `experiences` of `setEndpoints()`, else
   * `https://experiences.svc.example`.
   * @default undefined
   */
  endpoint?: string;
  /** Milliseconds (0 to 2^31-1) before a request is aborted with `TIMEOUT`; 0 means no timeout. @default 0 */
  timeout?: number;
}

/** Options of `getExperiences`; every one may be left out. */
export interface GetExperiencesOptions {
  /**
   * The visitor's id (the `_svcTracker` cookie's value, or any user id of the caller's choice),
   * at most 256 characters. Without it, the `_svcTracker` cookie is read in a browser; in Node none is sent, and the
   * platform then generates one (`generated: true`).
   * @default undefined
   */
  contextId?: string;
  /**
   * Only these experiences (positive integers). An unknown or archived one is `NOT_FOUND`. Without it, all of them.
   * @default undefined
   */
  experienceIds?: readonly number[];
  /** Serve the latest unpublished iteration of each experience instead of the latest published one. @default false */
  preview?: boolean;
  /**
   * Only the variation with this variation master id (positive integer), for previewing. Without it, the visitor's
   * own variation.
   * @default undefined
   */
  variation?: number;
  /** Payloads of every experience, whatever their segment rules. @default false */
  ignoreSegments?: boolean;
  /** Aborts the request (it then rejects with the signal's reason). @default undefined */
  signal?: AbortSignal;
  /**
   * The shop's request headers (web `Headers` or Node's): with `Sec-GPC: 1`, the visitor opts out
   * (Global Privacy Control), as with `gpc: true`.
   * @default undefined
   */
  headers?: RequestHeaders;
  /**
   * The visitor opts out (Global Privacy Control): no contextId is sent (given or from the cookie),
   * and `generated` is false, so no cookie is set. When given, it wins over `headers`. Without it,
   * `headers` decide.
   * @default undefined
   */
  gpc?: boolean;
}

/** One experience the visitor is segmented for, as the platform sent it. */
export interface ExperiencePayload {
  /** Values configured for the visitor's variation: key/value attributes for the page. */
  payload: Record<string, unknown>;
  /** The visitor is in the control group: render the unchanged page, but still call `seen`. */
  isControl: boolean;
  /** Experience id. */
  id: number;
  /** Address `seen` posts to, exactly as received. */
  callback: string;
  /** Variation master id the payload came from. */
  variation: number;
}

/** What `getExperiences` resolves to. */
export interface Experiences {
  /** One entry per experience the visitor is segmented for. */
  experiencePayloads: ExperiencePayload[];
  /** The visitor's id: the one sent, or the one the platform generated. */
  contextId: string;
  /** Domains the `_svcTracker` cookie may be set on (see `contextCookie`). */
  cookieDomains: string[];
  /**
   * True when the platform made the contextId (none was sent, or it replaced the one sent): set the
   * cookie on the response. Always false for a visitor who opts out (`gpc`): nothing is to be stored.
   */
  generated: boolean;
}

/** The outcome of `seen`: it never rejects because of the platform's answer or the network. */
export interface SeenResult {
  /** The platform answered HTTP 200: the view is recorded. */
  ok: boolean;
  /** HTTP status of the last answer; absent when none came. */
  status?: number;
  /** Requests sent: network failures are retried, up to 3 in all. */
  attempts: number;
  /** Why it did not succeed. */
  error?: SvcError;
}

/** The client `createExperiencesClient` returns. */
export interface ExperiencesClient {
  /** `GET {endpoint}/v1/{trackingId}/experiences`: the payloads of the experiences the visitor is segmented for. */
  getExperiences(options?: GetExperiencesOptions): Promise<Experiences>;
  /**
   * Records that the visitor saw the experience (control group included): POSTs `{id: deviceId}`
   * to `experiencePayload.callback` exactly as received. `deviceId` default: the `_svcTracker`
   * cookie in a browser; required in Node.
   */
  seen(experiencePayload: ExperiencePayload, deviceId?: string): Promise<SeenResult>;
}
