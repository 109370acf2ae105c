import type { PlatformContext } from '../context';

/**
 * The stash area of the mock platform. `service` is what the MSW handlers call, `admin` the
 * server-side operations, `inspect` what tests and the demo read back. Placeholder until its issue lands.
 */
export function createStashArea(_ctx: PlatformContext) {
  return {
    service: {},
    admin: {},
    inspect: {},
  };
}
