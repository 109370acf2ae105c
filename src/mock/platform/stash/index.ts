import type { PlatformContext } from '../context';
import { createStashAdmin, inspectStash } from './admin';
import { createStashService } from './routes';
import { createStashState } from './state';

export type { StashRoute, StashService } from './routes';
export { STASH_LIMITS } from './rules';
export type * from './types';

/**
 * The stash area of the mock platform. `service` is what the MSW handlers call (one function per
 * route of PROTOCOL.md's Stash block), `admin` the server-side operations (credentials, protected
 * writes), `inspect` what tests and the demo read back (stored rows, deliveries).
 *
 * This file only wires the parts: state.ts (stores, credentials, deliveries), routes.ts (the
 * routes), admin.ts (admin and inspect), rules.ts (keys, values, limits).
 */
export function createStashArea(ctx: PlatformContext) {
  const state = createStashState(ctx);
  const service = createStashService(state);
  return { service, admin: createStashAdmin(state, service), inspect: inspectStash(state) };
}
