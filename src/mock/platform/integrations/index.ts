import type { PlatformContext } from '../context';

/**
 * The integrations area of the mock platform. `service` is what the MSW handlers call, `admin` the
 * server-side operations, `inspect` what tests and the demo read back. Placeholder until its issue lands.
 */
export function createIntegrationsArea(_ctx: PlatformContext) {
  return {
    service: {},
    admin: {},
    inspect: {},
  };
}
