// The one transport of every client: ky, created once here. A client only validates its input
// and builds {url, method, query, body}; this module sends it, retries it as the client's policy
// says, unwraps the platform's `{status}` envelope and turns every failure into an `SvcError`.
import ky, { HTTPError, type Options as KyOptions } from 'ky';
import { NetworkError, ProtocolError, SvcError, TimeoutError } from './errors';
import { qaRecord } from './qa-channel';
import { kyRetry, type RetryPolicy } from './retry';
import { retryAfterMs } from './retry-after';
import { errorForStatus } from './status';
import { MAX_WAIT_MS } from './timer';

/** Query parameters of a request, by name. */
export type Query = Record<string, string | number | boolean | undefined>;

/** Body of every JSON response: an object. */
export type JsonObject = Record<string, unknown>;

/** How `request` sends one call to the platform and reads its answer. */
export interface RequestOptions {
  /**
   * HTTP method. Without it, `GET`, or `POST` when `json` or `body` is given.
   * @default undefined
   */
  method?: 'GET' | 'POST';
  /**
   * Query parameters; `undefined` and `false` values are left out, `true` is sent as a bare flag. @default undefined
   */
  query?: Query;
  /** A JSON body (`Content-Type: application/json`). @default undefined */
  json?: unknown;
  /** A text body (`Content-Type: text/plain;charset=UTF-8`: a simple request, no CORS preflight). @default undefined */
  body?: string;
  /** Milliseconds each attempt may take, headers and body; 0 means no timeout. @default 0 */
  timeout?: number;
  /**
   * Aborts the request (and any wait before a retry); the promise rejects with the signal's reason. @default undefined
   */
  signal?: AbortSignal | null;
  /**
   * What is being done, for error messages, e.g. `stash get "cart"`. Without it, the messages name the method and URL.
   * @default undefined
   */
  action?: string;
  /** Keep the request alive past the page's unload (`fetch`'s `keepalive`). @default false */
  keepalive?: boolean;
  /**
   * How many times a failure may be tried again, and which. Without it, a failure is not tried again.
   * @default undefined
   */
  retry?: RetryPolicy;
  /**
   * The body is the platform's `{status, ...}` envelope: a numeric `status` is required and anything
   * but 200 is an error even under HTTP 200. @default true
   */
  envelope?: boolean;
  /** With `envelope`: a body `status` 404 resolves the body (the stash's "nothing there"). @default false */
  absentIsAnswer?: boolean;
}

/** What one attempt of a request needs besides the `Request` ky built; the same for every attempt of a call. */
interface Attempt {
  readonly action: string;
  readonly timeout: number;
  /** The body is the platform's `{status}` envelope (else any JSON object). */
  readonly envelope: boolean;
  /** A body `status` 404 under HTTP 200 is an answer ("nothing there"), resolved, not thrown. */
  readonly absentIsAnswer?: boolean;
  /** Given to `fetch` itself too: not every `Request` implementation keeps it (happy-dom drops keepalive). */
  readonly keepalive?: boolean;
  /**
   * The body as text, given to `fetch` beside ky's `Request`, which carries the URL, method and
   * headers and no body: ky clones each `Request` for a retry, and a clone with a body tees it into
   * two streams that `fetch` must then read back (about 1.5 ms per POST in Chromium).
   */
  readonly body?: string;
}

/**
 * What `attempt` made of each answer it gave ky: the JSON body of a success, or the `SvcError` a
 * failed HTTP status stands for (ky then throws its `HTTPError` for that response, which
 * `toSvcError` maps back). Keyed by the response, so the body travels with it: read once, inside
 * the attempt's timeout, and parsed once.
 */
const answers = new WeakMap<Response, JsonObject | SvcError>();

/**
 * The ky instance behind every client. Our own options decide everything ky would default:
 * - `timeout: false`: ky's timeout (10 s by default) stops at the response headers; ours is
 *   enforced in `attempt` and also covers a body that stalls after them.
 * - `redirect: 'manual'`: the platform's interfaces never redirect; following one would turn a
 *   POST into a GET or send a value to another origin, so a redirect is a `PROTOCOL` error.
 * - `throwHttpErrors: true`: ky's `HTTPError` feeds its retry logic (status codes, `Retry-After`);
 *   `toSvcError` converts it afterwards.
 * - no `afterResponse` hook: ky clones the response for each (a tee of its body). The envelope is
 *   read in `attempt`, whose `SvcError` for a body status ky's retry weighs like any other error
 *   (`shouldRetry` in retry.ts).
 */
// Pure: a bundle that sends no `request()` (the tracker alone, which only delivers) leaves ky out.
const transport = /* @__PURE__ */ ky.create({
  timeout: false,
  redirect: 'manual',
  retry: 0,
});

/**
 * One attempt: `fetch` with the attempt's timeout, the whole body read inside it (ky's own
 * timeout would stop at the headers), network failures and timeouts as `SvcError`s, and a 2xx
 * answer's envelope checked (`checkEnvelope` throws the `SvcError` of a failed body status, which
 * ky retries when the call's policy says so). Resolves the response, its body read: what it held is
 * in `answers`.
 */
async function attempt(request: Request, init: RequestInit | undefined, context: Attempt): Promise<Response> {
  const { action, timeout, keepalive, body } = context;
  const controller = new AbortController();
  const outer = request.signal;
  const forward = () => controller.abort(outer.reason);
  let timedOut = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  if (outer.aborted) forward();
  else outer.addEventListener('abort', forward);
  // Not every fetch ends a body read on abort (MSW's interceptor does not): race the abort too.
  const aborted = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
  );
  aborted.catch(() => {});
  try {
    const response = await Promise.race([
      fetch(request.url, {
        ...init,
        method: request.method,
        headers: request.headers,
        body,
        redirect: request.redirect,
        credentials: request.credentials,
        keepalive,
        signal: controller.signal,
      }),
      aborted,
    ]);
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      const location = response.headers.get('location');
      const problem = `redirected${location ? ` to ${location}` : ''}; the platform never redirects`;
      throw new ProtocolError(action, problem, { status: response.status || undefined });
    }
    const text = await Promise.race([response.text(), aborted]);
    answers.set(
      response,
      response.ok ? checkEnvelope(response.status, text, context) : failure(response, text, action),
    );
    return response;
  } catch (error) {
    if (error instanceof SvcError) throw error;
    if (outer.aborted) throw outer.reason;
    if (timedOut)
      throw new TimeoutError(action, `no response within ${timeout} ms (request aborted)`, { cause: error });
    throw new NetworkError(action, error);
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', forward);
  }
}

/**
 * The body of a 2xx answer, a JSON object; with `envelope`, its numeric `status` must be 200 (or
 * 404 with `absentIsAnswer`). Else throws the `SvcError` it stands for (a `status: 500` under
 * HTTP 200 is a `SERVER_ERROR`, which the call's retry policy may try again).
 */
function checkEnvelope(status: number, text: string, { action, envelope, absentIsAnswer }: Attempt): JsonObject {
  const body = parseObject(text, action, status);
  if (!envelope) return body;
  if (typeof body.status !== 'number') {
    const problem =
      'status' in body
        ? `status ${JSON.stringify(body.status)}`
        : `HTTP ${status} with no numeric "status" in the body`;
    throw new ProtocolError(action, problem, { status });
  }
  if (body.status === 404 && absentIsAnswer) return body;
  if (body.status !== 200) throw errorForStatus(action, body.status, body);
  return body;
}

/**
 * The `SvcError` of a failed HTTP status: by its body and `Retry-After`, or `PROTOCOL` for a body that is not a JSON
 * object.
 */
function failure(response: Response, text: string, action: string): SvcError {
  try {
    const body = parseObject(text, action, response.status);
    return errorForStatus(action, response.status, body, retryAfterMs(response.headers.get('retry-after')));
  } catch (notJson) {
    return notJson as SvcError;
  }
}

/** A response body as a JSON object, else the `PROTOCOL` error naming what it was. */
function parseObject(text: string, action: string, status: number): JsonObject {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProtocolError(action, `HTTP ${status} with a body that is not JSON`, { status });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProtocolError(action, `HTTP ${status} with a body that is not a JSON object`, { status });
  }
  return body as JsonObject;
}

/** Any failure of a ky call as an `SvcError` (a caller's abort stays the signal's reason). */
function toSvcError(error: unknown, action: string, signal?: AbortSignal | null): unknown {
  if (signal?.aborted) return signal.reason;
  if (error instanceof SvcError) return error;
  if (error instanceof HTTPError) return answers.get(error.response) ?? new NetworkError(action, error);
  return new NetworkError(action, error);
}

/**
 * Sends one request and resolves its JSON body once both the HTTP status and the envelope's
 * `status` say success (`envelope: false`: the HTTP status alone). Every failure rejects with an
 * `SvcError` naming `what` failed; a caller's abort rejects with the signal's reason.
 */
export async function request<T extends JsonObject = JsonObject>(
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const { json, timeout = 0, signal, envelope = true, keepalive = false } = options;
  const body = json === undefined ? options.body : JSON.stringify(json);
  const contentType = json === undefined ? 'text/plain;charset=UTF-8' : 'application/json';
  const onRetry = options.retry?.onRetry;
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const target = withQuery(url, options.query);
  const action = options.action ?? `${method} ${target}`;
  const context: Attempt = {
    action,
    timeout: Math.min(timeout, MAX_WAIT_MS),
    envelope,
    absentIsAnswer: options.absentIsAnswer,
    keepalive,
    body,
  };
  const kyOptions: KyOptions = {
    method,
    // The body goes to fetch in `attempt` (see `Attempt.body`); ky's Request has its type.
    headers: body === undefined ? undefined : { 'content-type': contentType },
    keepalive,
    signal: signal ?? undefined,
    retry: options.retry ? kyRetry(options.retry) : 0,
    hooks: { beforeRetry: onRetry ? [({ error, retryCount }) => onRetry(error, retryCount)] : [] },
    // Per call, so each attempt knows its timeout and what to name in errors.
    fetch: (input, init) => attempt(input as Request, init, context),
  };
  // For the QA overlay: every call with its answer or error, and when it started.
  const call: Record<string, unknown> = { method, url: target, json, body, started: Date.now() };
  try {
    const response = await transport(target, kyOptions);
    const result = answers.get(response) as T;
    call.result = result;
    return result;
  } catch (error) {
    const failure = toSvcError(error, action, signal);
    call.error = failure;
    throw failure;
  } finally {
    qaRecord('request', call);
  }
}

/** Appends query parameters in insertion order; `true` becomes a bare flag (`&preview`). */
export function withQuery(url: string, query: Query = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue;
    const key = encodeURIComponent(name);
    parts.push(value === true ? key : `${key}=${encodeURIComponent(value)}`);
  }
  if (parts.length === 0) return url;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${parts.join('&')}`;
}

/** What `deliver` learnt of an answer. */
export interface Delivery {
  status: number;
  /** The answer's `Retry-After`, in ms (see `retryAfterMs`), when it had a readable one. */
  retryAfterMs?: number;
}

/**
 * POSTs a text body (a simple request: `text/plain`, no credentials, no CORS preflight) and
 * resolves the HTTP status without judging it: the tracker decides what each status means for its
 * queue. Resolves `undefined` when no answer came (network failure, timeout, a redirect: the
 * platform never redirects). Never retried here: the tracker's queue owns its events until
 * acknowledged, and tries again itself.
 *
 * The one request of core that `fetch` sends without ky: ky's worth is its retry, hooks and
 * error mapping, none of which a delivery uses, while it would build a `Request` and clone it and
 * the `Response` per call, most of a small batch's cost to the page (docs/clients.md, "the
 * tracker's delivery").
 */
export async function deliver(
  url: string,
  options: { body: string | Uint8Array; keepalive?: boolean; timeout?: number },
): Promise<Delivery | undefined> {
  const { body, keepalive = false, timeout = 0 } = options;
  const controller = new AbortController();
  const timer = timeout > 0 ? setTimeout(() => controller.abort(), Math.min(timeout, MAX_WAIT_MS)) : undefined;
  try {
    const response = await fetch(url, {
      method: 'POST',
      body: body as BodyInit,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      keepalive,
      credentials: 'omit',
      redirect: 'manual',
      signal: controller.signal,
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return undefined;
    return { status: response.status, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
