import {
  BadRequestError,
  NetworkError,
  NotFoundError,
  ProtocolError,
  RateLimitedError,
  ServerError,
  SvcError,
  TimeoutError,
} from './errors';

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  /** Default `GET`, or `POST` when `json` is given. */
  method?: 'GET' | 'POST';
  /** Query parameters; `undefined` values are left out, `true` is sent as a bare flag. */
  query?: Query;
  /** JSON body. */
  json?: unknown;
  /** Milliseconds before the request is aborted; 0 (default) means no timeout. */
  timeout?: number;
  /** Aborts the request from outside. */
  signal?: AbortSignal;
  /** What is being done, for error messages, e.g. `stash get "cart"`. Default: method and URL. */
  what?: string;
  /**
   * The body is the platform's `{status, ...}` envelope: a numeric `status` is required and
   * anything but 200 is an error even under HTTP 200. Default true.
   */
  envelope?: boolean;
}

/** Body of every JSON response: an object. */
export type JsonObject = Record<string, unknown>;

/**
 * Sends one request and returns its JSON body once both the HTTP status and the
 * envelope's `status` say success. Every failure becomes an `SvcError` naming `what` failed.
 *
 * Plain `fetch`: the timeout aborts the request (headers and body both), a caller's `signal`
 * aborts it too and rejects with the signal's reason. Nothing is retried here (see `retry`).
 */
export async function request<T extends JsonObject = JsonObject>(url: string, options: RequestOptions = {}): Promise<T> {
  const { json, timeout = 0, signal, envelope = true, method = json === undefined ? 'GET' : 'POST' } = options;
  const target = withQuery(url, options.query);
  const what = options.what ?? `${method} ${target}`;
  const controller = new AbortController();
  const abort = () => controller.abort(signal!.reason);
  let timedOut = false;
  const timer =
    timeout > 0 &&
    setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
  signal?.aborted ? abort() : signal?.addEventListener('abort', abort);
  // Why the request ended without a body: the caller's abort (its reason), the timeout, or the network.
  const ended = (cause: unknown) =>
    signal?.aborted
      ? signal.reason
      : timedOut
        ? new TimeoutError('TIMEOUT', `${what}: no response within ${timeout} ms (request aborted)`, { cause })
        : new NetworkError('NETWORK', `${what}: network failure (${(cause as Error)?.message ?? cause})`, { cause });
  let response: Response;
  let text: string;
  try {
    // Raced against the abort as well: not every fetch (MSW's interceptor, some polyfills) ends a body read on abort.
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason)));
    response = await Promise.race([
      fetch(target, {
        method,
        signal: controller.signal,
        ...(json !== undefined && { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } }),
      }),
      aborted,
    ]);
    text = await Promise.race([response.text(), aborted]);
  } catch (error) {
    throw ended(error);
  } finally {
    clearTimeout(timer as ReturnType<typeof setTimeout>);
    signal?.removeEventListener('abort', abort);
  }
  const status = response.status;
  const fail = (problem: string) => new ProtocolError('PROTOCOL', `${what}: HTTP ${status} with ${problem}`, { status });
  let body: JsonObject | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail('a body that is not JSON');
  }
  if (typeof body !== 'object' || !body || Array.isArray(body)) throw fail('a body that is not a JSON object');
  if (!response.ok) throw statusError(what, status, body, response.headers.get('retry-after'));
  if (envelope) {
    if (typeof body.status !== 'number') throw fail('no numeric "status" in the body');
    if (body.status !== 200) throw statusError(what, body.status, body);
  }
  return body as T;
}

function statusError(what: string, status: number, body: JsonObject, retryAfter?: string | null): SvcError {
  const message = `${what}: status ${status}${typeof body.message === 'string' ? `: ${body.message}` : ''}`;
  const options = { status };
  if (status === 404) return new NotFoundError('NOT_FOUND', message, options);
  if (status === 429) {
    const retryAt = typeof body.retryAt === 'string' ? body.retryAt : retryAfter && +retryAfter >= 0 ? new Date(Date.now() + +retryAfter * 1000).toISOString() : undefined;
    return new RateLimitedError(message, retryAt, options);
  }
  return status >= 500 ? new ServerError('SERVER_ERROR', message, options) : new BadRequestError('BAD_REQUEST', message, options);
}

/** Appends query parameters in insertion order; `true` becomes a bare flag (`&preview`). */
export function withQuery(url: string, query: Query = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue;
    parts.push(value === true ? encodeURIComponent(name) : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return parts.length ? `${url}${url.includes('?') ? '&' : '?'}${parts.join('&')}` : url;
}
