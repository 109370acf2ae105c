import type { Endpoints } from '@svc/core';
import { decodeSegment } from '@svc/core/internal';
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { MockPlatform } from '../platform';
import { json, methodNotAllowed, readJson, route } from './respond';

type Service = MockPlatform['services']['stash'];

/** PROTOCOL.md's Stash block: method, path under `{stash}/stash/v1.1/`, platform service. Always HTTP 200. */
const table: ReadonlyArray<readonly ['get' | 'post', string, keyof Service]> = [
  ['post', 'kv/set/:tid/:level/:key', 'kvSet'],
  ['get', 'kv/get/:tid/:level/:key', 'kvGet'],
  ['post', 'kv/getbatch/:tid/:level', 'kvGetBatch'],
  ['post', 'deferkv/set/:tid/:level/:key', 'deferSet'],
  ['get', 'deferkv/get/:tid/:level/:key', 'deferGet'],
  ['post', 'deferkv/remove/:tid/:level/:key', 'deferRemove'],
  ['post', 'ts/set/:tid/:level/:key', 'tsSet'],
  ['get', 'ts/get/:tid/:level/:key', 'tsGet'],
  ['post', 'count/incr/:tid/:level/:key', 'countIncr'],
  ['post', 'count/decr/:tid/:level/:key', 'countDecr'],
  ['get', 'count/get/:tid/:level/:key', 'countGet'],
  ['post', 'count/getbatch/:tid/:level', 'countGetBatch'],
];

/**
 * Matches a request URL against `<root><pattern>` segment by segment (exactly as many segments,
 * `:name` ones percent-decoded here). MSW's own path matching would throw on a malformed escape
 * (`%E0%A4%A`) and answer HTTP 500 with a stack; the platform answers status 400 instead.
 */
const matcher = (root: URL, pattern: string) => {
  const names = pattern.split('/');
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return false;
    const parts = url.pathname.slice(root.pathname.length).split('/');
    if (parts.length !== names.length) return false;
    const params: Record<string, string> = {};
    for (const [i, name] of names.entries()) {
      // A malformed escape stays as sent: its `%` fails validation (status 400).
      if (name.startsWith(':')) params[name.slice(1)] = decodeSegment(parts[i]);
      else if (parts[i] !== name) return false;
    }
    return { matches: true, params };
  };
};

/** MSW handlers of the stash routes of PROTOCOL.md: parse -> platform service -> `{status, data?, message?}`. */
export function stashHandlers(platform: MockPlatform, endpoints: Endpoints): HttpHandler[] {
  const root = new URL(`${endpoints.stash}/stash/v1.1/`);
  return table.map(([method, path, op]) => {
    const allow = method === 'get' ? 'GET, HEAD' : 'POST';
    const serve = route(platform, 'stash', async ({ request, params }) => {
      const reply = platform.services.stash[op]({
        trackingId: String(params.tid),
        level: String(params.level),
        key: params.key === undefined ? undefined : String(params.key),
        body: method === 'post' ? await readJson(request) : undefined,
        timestamp: new URL(request.url).searchParams.get('timestamp'),
        credential: request.headers.get('authorization')?.replace(/^Bearer\s+/i, ''),
      });
      return json(reply);
    });
    return http.all(matcher(root, path), async (info) => {
      const { method: verb } = info.request;
      const response = allow.split(', ').includes(verb)
        ? ((await serve(info)) as Response)
        : methodNotAllowed(verb, allow); // route() always answers
      return verb === 'HEAD' && response.type !== 'error' ? new HttpResponse(null, response) : response; // HEAD: never a body
    });
  });
}
