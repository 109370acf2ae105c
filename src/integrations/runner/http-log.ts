/**
 * Worker side: reports every outgoing HTTP request the handler makes, through `fetch` (wrapped)
 * and through `node:http` / `node:https` (their diagnostics channels, so `http.get`,
 * `https.request` and the libraries built on them are all seen without patching them).
 * Each request is reported when it starts and again when its response headers arrive or it fails,
 * so the runner knows which requests are still pending when it has to stop the handler.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';

export interface HttpReporter {
  start(method: string, url: string): number;
  end(id: number, outcome: { status?: number; error?: string }): void;
}

/** Installs both hooks; call once, before the integration is loaded. */
export function logHttpRequests(reporter: HttpReporter): void {
  const pending = new Set<number>();
  const start = (method: string, url: string) => {
    const id = reporter.start(method.toUpperCase(), url);
    pending.add(id);
    return id;
  };
  const end = (id: number | undefined, outcome: { status?: number; error?: string }) => {
    if (id === undefined || !pending.delete(id)) return;
    reporter.end(id, outcome);
  };

  const fetchOriginal = globalThis.fetch;
  globalThis.fetch = async function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = typeof input === 'object' && 'method' in input ? input : undefined;
    const id = start(init?.method ?? request?.method ?? 'GET', request ? request.url : absolute(String(input)));
    try {
      const response = await fetchOriginal(input, init);
      end(id, { status: response.status });
      return response;
    } catch (err) {
      end(id, { error: describe(err) });
      throw err;
    }
  };

  const ids = new WeakMap<ClientRequest, number>();
  subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    const id = start(request.method, urlOf(request));
    ids.set(request, id);
    // Aborted requests end without an error or a response: close is the last word.
    request.once('close', () => end(id, { error: 'closed without a response' }));
  });
  subscribe('http.client.response.finish', (message) => {
    const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
    end(ids.get(request), { status: response.statusCode });
  });
  subscribe('http.client.request.error', (message) => {
    const { request, error } = message as { request: ClientRequest; error: unknown };
    end(ids.get(request), { error: describe(error) });
  });
}

/** `http://host:port/path?query` of a node:http request, as the handler addressed it. */
function urlOf(request: ClientRequest): string {
  if (/^[a-z]+:\/\//i.test(request.path)) return request.path; // absolute-form (through a proxy)
  const host = request.getHeader('host') ?? request.host;
  return `${request.protocol}//${String(host)}${request.path}`;
}

function absolute(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** `fetch failed (connect ECONNREFUSED 127.0.0.1:9)`, `socket hang up (ECONNRESET)`, `This operation was aborted`. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const { code } = err as { code?: unknown };
  const cause = err.cause instanceof Error ? err.cause.message || (err.cause as { code?: string }).code : undefined;
  const detail = typeof code === 'string' ? code : cause;
  return detail ? `${err.message} (${detail})` : err.message;
}
