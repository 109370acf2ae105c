import type { Endpoints } from '@svc/core';
import { escapeRegExp } from '@svc/core/internal';
import { type HttpHandler, type HttpResponseResolver, http } from 'msw';
import type { MockPlatform } from '../platform';
import { json, route } from './respond';

/** Seconds of `Retry-After` on a 429 whose fault names none (PROTOCOL.md: "429 with Retry-After"). */
const DEFAULT_RETRY_AFTER = '1';

/** The last path segment decoded; as it came when its percent-encoding is malformed (the service then refuses it). */
function trackingIdOf(request: Request): string {
  const raw = new URL(request.url).pathname.replace(/\/$/, '').split('/').pop() as string;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Adds what PROTOCOL.md needs on every answer, faults included: Retry-After on a 429 (CORS is createHandlers' front
 * handler).
 */
const finish =
  (resolver: HttpResponseResolver): HttpResponseResolver =>
  async (info) => {
    const response = await resolver(info);
    if (response instanceof Response && response.type !== 'error') {
      if (response.status === 429 && !response.headers.has('Retry-After'))
        response.headers.set('Retry-After', DEFAULT_RETRY_AFTER);
    }
    return response;
  };

/**
 * MSW handlers of the events routes of PROTOCOL.md:
 * `POST {events}/events/v1/{trackingId}[?encoding=gzip]` text/plain `{"sentAt","events":[...]}` (gzip of it)
 * -> 200 `{status, accepted, duplicates}` | 400 malformed | 413 over 64 KiB as received or over 1 MiB decompressed
 * (faults: 5xx, 429, latency, offline).
 *
 * MSW matches the URL without its query (`?encoding=`). The path is a RegExp without groups and the tracking id is
 * decoded here: MSW's `:param`
 * matching throws on malformed percent-encoding (`%E0%A4%A`), which would answer 500.
 */
export function eventsHandlers(platform: MockPlatform, endpoints: Endpoints): HttpHandler[] {
  return [
    http.post(
      new RegExp(`^${escapeRegExp(endpoints.events)}/events/v1/[^/]+/?$`),
      finish(
        route(platform, 'events', async ({ request }) => {
          const encoding = new URL(request.url).searchParams.get('encoding');
          const bytes = new Uint8Array(await request.arrayBuffer());
          const events = platform.services.events;
          const { status, body } =
            encoding === null
              ? events.ingest(trackingIdOf(request), bytes)
              : await events.ingestEncoded(trackingIdOf(request), bytes, encoding);
          return json(body, status);
        }),
      ),
    ),
  ];
}
