import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body the server reads (the platform's own limits are smaller: events 64 KiB). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Request body bytes all requests together may hold in memory at once. A body that would go past
 * it is refused with 503 and `Retry-After` (ServerBusyError): memory stays bounded under many
 * large concurrent bodies, not only per request.
 */
export const MAX_BYTES_IN_FLIGHT = 32 * 1024 * 1024;

/** The request body is over MAX_BODY_BYTES. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor() {
    super(`request body too large (over ${MAX_BODY_BYTES} bytes)`);
  }
}

/** The bodies being read already hold MAX_BYTES_IN_FLIGHT: try again shortly. */
export class ServerBusyError extends Error {
  override name = 'ServerBusyError';
  /** Seconds for the `Retry-After` header. */
  readonly retryAfter = 1;
  constructor() {
    super(`server busy: request bodies in flight are over ${MAX_BYTES_IN_FLIGHT} bytes, retry shortly`);
  }
}

/** The body bytes held by requests being answered, against a total. */
export class BodyBudget {
  #held = 0;
  constructor(readonly limit = MAX_BYTES_IN_FLIGHT) {}
  /** Takes `bytes` more; throws ServerBusyError (taking nothing) past the limit. */
  take(bytes: number): void {
    if (this.#held + bytes > this.limit) throw new ServerBusyError();
    this.#held += bytes;
  }
  /** Gives back what a finished request took. */
  release(bytes: number): void {
    this.#held -= bytes;
  }
  get held(): number {
    return this.#held;
  }
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** The request line and headers of a Node request, without its body (nothing is read): what a guard looks at. */
export const requestHead = (incoming: IncomingMessage, origin: string) =>
  new Request(new URL(incoming.url ?? '/', origin), { method: incoming.method ?? 'GET', headers: headersOf(incoming) });

/** A request read into memory, and the budget bytes it holds until `release()`. */
export interface ReadRequest {
  request: Request;
  release(): void;
}

/**
 * A Node request as a fetch `Request` at `origin` (the URL the handlers were created for). The
 * body is counted against `budget` as it arrives; a `Content-Length` over MAX_BODY_BYTES is
 * refused before a byte is read.
 */
export async function toRequest(incoming: IncomingMessage, origin: string, budget: BodyBudget): Promise<ReadRequest> {
  const headers = headersOf(incoming);
  const method = incoming.method ?? 'GET';
  let body: ArrayBuffer | undefined;
  let size = 0;
  const release = () => budget.release(size);
  if (method !== 'GET' && method !== 'HEAD') {
    if (Number(incoming.headers['content-length']) > MAX_BODY_BYTES) throw new BodyTooLargeError();
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of incoming as AsyncIterable<Buffer>) {
        if (size + chunk.length > MAX_BODY_BYTES) throw new BodyTooLargeError();
        budget.take(chunk.length);
        size += chunk.length;
        chunks.push(chunk);
      }
    } catch (error) {
      release();
      throw error;
    }
    body = new Uint8Array(Buffer.concat(chunks)).buffer;
  }
  return { request: new Request(new URL(incoming.url ?? '/', origin), { method, headers, body }), release };
}

/**
 * Writes a fetch `Response` to Node. `Response.error()` (a fault's `offline`) closes the
 * connection unanswered; `close` ends the connection after the answer (a body left unread).
 */
export async function send(outgoing: ServerResponse, response: Response, { close = false } = {}): Promise<void> {
  if (response.type === 'error') {
    outgoing.socket?.destroy();
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (close) headers.connection = 'close';
  if (outgoing.headersSent) return void outgoing.end();
  outgoing.writeHead(response.status, headers);
  outgoing.end(body);
}
