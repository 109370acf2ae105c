import { http, type HttpHandler } from 'msw';
import type { Endpoints } from '../../core/endpoints';
import type { MockPlatform } from '../platform';
import { json, route } from './respond';

/**
 * MSW handlers of the events routes of PROTOCOL.md:
 * `POST {events}/events/v1/{trackingId}` text/plain `{"sentAt","events":[...]}`
 * -> 200 `{status, accepted, duplicates}` | 400 malformed | 413 over 64 KiB (faults: 5xx, 429, latency, offline).
 */
export function eventsHandlers(platform: MockPlatform, endpoints: Endpoints): HttpHandler[] {
  return [
    http.post(
      `${endpoints.events}/events/v1/:trackingId`,
      route(platform, 'events', async ({ request, params }) => {
        const { status, body } = platform.services.events.ingest(String(params.trackingId), await request.text());
        return json(body, status);
      }),
    ),
  ];
}
