import type { HttpHandler } from 'msw';
import type { Endpoints } from '../../core/endpoints';
import type { MockPlatform } from '../platform';

/** MSW handlers of the integrations routes of PROTOCOL.md. Placeholder until its issue lands. */
export function integrationsHandlers(_platform: MockPlatform, _endpoints: Endpoints): HttpHandler[] {
  return [];
}
