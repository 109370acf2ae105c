import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body the server reads (the platform's own limits are smaller: events 64 KiB). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The request body is over MAX_BODY_BYTES. */
export class BodyTooLargeError extends Error {}

/** A Node request as a fetch `Request` at `origin` (the URL the handlers were created for). */
export async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = incoming.method ?? 'GET';
  let body: ArrayBuffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
      chunks.push(chunk);
    }
    body = new Uint8Array(Buffer.concat(chunks)).buffer;
  }
  return new Request(new URL(incoming.url ?? '/', origin), { method, headers, body });
}

/** Writes a fetch `Response` to Node. `Response.error()` (a fault's `offline`) closes the connection unanswered. */
export async function send(outgoing: ServerResponse, response: Response): Promise<void> {
  if (response.type === 'error') {
    outgoing.socket?.destroy();
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  outgoing.writeHead(response.status, headers);
  outgoing.end(body);
}
