import { createBus } from './bus';
import { createClock, type Clock } from './clock';
import { createFaults, type Faults } from './faults';
import { createProperties, type Properties, type PropertySettings, type Property } from './properties';
import type { PlatformContext } from './context';
import { createRecommendArea } from './recommend';
import { createStashArea } from './stash';
import { createEventsArea } from './events';
import { createExperiencesArea } from './experiences';
import { createIntegrationsArea } from './integrations';
import { loadFixtures, type FixtureOptions } from '../fixtures';

export interface MockPlatformOptions {
  /**
   * Load the deterministic demo catalog and event history into the property `demo_shop`.
   * `true` uses the default seed; `{ seed }` generates other fixtures. Default `false` (empty platform).
   */
  fixtures?: boolean | FixtureOptions;
  /** Start the clock frozen at this time (epoch ms, Date or ISO string). Default: follow real time. */
  now?: number | Date | string;
}

export function createMockPlatform(options: MockPlatformOptions = {}) {
  const clock = createClock(options.now);
  const faults = createFaults();
  const bus = createBus();
  const properties = createProperties(clock.now);
  const ctx: PlatformContext = { clock, bus, properties };

  const events = createEventsArea(ctx);
  const recommend = createRecommendArea(ctx);
  const stash = createStashArea(ctx);
  const experiences = createExperiencesArea(ctx);
  const integrations = createIntegrationsArea(ctx);

  const platform = {
    /** The platform's time: set / advance it to test expiry, UTC days, schedules, `new`. */
    clock: clock as Clock,
    /** Latency, forced statuses, offline; per route. */
    faults: faults as Faults,
    properties: properties as Properties,
    /** What the MSW handlers call: one service per area. */
    services: {
      events: events.service,
      recommend: recommend.service,
      stash: stash.service,
      experiences: experiences.service,
      integrations: integrations.service,
    },
    /** Server-side operations. */
    admin: {
      /** Makes a tracking id known to the platform (or updates its settings). */
      createProperty: (trackingId: string, settings?: PropertySettings): Property => properties.create(trackingId, settings),
      events: events.admin,
      recommend: recommend.admin,
      stash: stash.admin,
      experiences: experiences.admin,
      integrations: integrations.admin,
    },
    /** What the platform received and recorded. */
    inspect: {
      events: events.inspect,
      recommend: recommend.inspect,
      stash: stash.inspect,
      experiences: experiences.inspect,
      integrations: integrations.inspect,
    },
  };
  if (options.fixtures) loadFixtures(platform, options.fixtures === true ? {} : options.fixtures);
  return platform;
}

export type MockPlatform = ReturnType<typeof createMockPlatform>;
