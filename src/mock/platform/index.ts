import { type FixtureOptions, loadFixtures } from '../fixtures';
import { createBus } from './bus';
import { type Clock, createClock } from './clock';
import type { PlatformContext } from './context';
import { createEventsArea } from './events';
import { createExperiencesArea } from './experiences';
import { createFaults, type Faults } from './faults';
import { createIntegrationsArea } from './integrations';
import { checkProperty, createProperties, type Properties, type Property, type PropertySettings } from './properties';
import { createRecommendArea } from './recommend';
import { createStashArea } from './stash';
import {
  checkHeader,
  checkSnapshot,
  STATE_FORMAT,
  STATE_VERSION,
  type StateHeader,
  type StateSnapshot,
} from './state/format';
import { createRecorder, type ReplayFailure } from './state/recorder';
import type { SecretSealer } from './state/secrets';

/** Options of `createMockPlatform`; every one may be left out. */
export interface MockPlatformOptions {
  /**
   * Load the deterministic demo catalog and event history into the property `demo_shop`.
   * `true` uses the default seed; `{ seed }` generates other fixtures. Without it, the platform starts empty.
   * @default false
   */
  fixtures?: boolean | FixtureOptions;
  /**
   * Start the clock frozen at this time (epoch ms, Date or ISO string). Without it, the clock follows real time.
   * @default undefined
   */
  now?: number | Date | string;
  /**
   * Restore a state written by `platform.snapshot()` (or a `--state` journal): the platform is
   * created as the state says (clock, fixtures; `fixtures` and `now` above are then ignored) and
   * its operations are replayed. Throws InvalidStateError (code `INVALID_STATE`) for another
   * format or version. Without it, the platform is a new one.
   * @default undefined
   */
  state?: StateSnapshot;
  /**
   * Seals integration secrets in the state (snapshot, `--state` journal) so that restoring it
   * restores their values; `svc-mock serve --state` passes one keyed by the operator. Without it,
   * secret values are kept in memory only: a snapshot holds each secret's name and fingerprint only,
   * and restoring it skips the secrets (listed in `restored.failed`).
   * @default undefined
   */
  secretSealer?: SecretSealer;
}

/** The header of a new platform's state: what `snapshot()` needs to create it again. */
function headerFor(options: MockPlatformOptions): StateHeader {
  const fixtures = options.fixtures ? (options.fixtures === true ? {} : { ...options.fixtures }) : false;
  const now = options.now === undefined ? Date.now() : new Date(options.now).getTime();
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    createdAt: now,
    clock: options.now === undefined ? 'real' : 'frozen',
    fixtures,
  };
}

/** The areas of a platform (events, recommend, stash, experiences, integrations) and how tests reach them. */
function createParts(ctx: PlatformContext, faults: Faults) {
  const events = createEventsArea(ctx);
  const recommend = createRecommendArea(ctx);
  const stash = createStashArea(ctx);
  const experiences = createExperiencesArea(ctx);
  const integrations = createIntegrationsArea(ctx);

  return {
    /** The platform's time: set / advance it to test expiry, UTC days, schedules, `new`. */
    clock: ctx.clock as Clock,
    /** Latency, forced statuses, offline; per route. */
    faults: faults as Faults,
    properties: ctx.properties as Properties,
    /** What the MSW handlers call: one service per area. */
    services: {
      events: events.service,
      recommend: recommend.service,
      /** The stash's operations, one function per route. */
      stash: stash.service,
      experiences: experiences.service,
      integrations: integrations.service,
    },
    /** Server-side operations. */
    admin: {
      /** Makes a tracking id known to the platform (or updates its settings). Throws a TypeError for a bad argument. */
      createProperty(trackingId: string, settings?: PropertySettings): Property {
        checkProperty(trackingId, settings);
        return ctx.properties.create(trackingId, settings);
      },
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
}

/**
 * A mock platform in memory: the services the MSW handlers answer from (`createHandlers`), the
 * admin operations a test sets up with, and what was received for `inspect`.
 * @example
 * ```ts
 * const platform = createMockPlatform({ fixtures: true });
 * const server = setupServer(...createHandlers(platform)); // msw/node
 * platform.inspect.events.received('demo_shop');
 * ```
 */
export function createMockPlatform(options: MockPlatformOptions = {}) {
  const state = options.state === undefined ? undefined : checkSnapshot(options.state);
  const header: StateHeader = state ? checkHeader(state, 'state') : headerFor(options);
  const clock = createClock(header.createdAt, header.clock === 'frozen');
  const faults = createFaults();
  const bus = createBus();
  const properties = createProperties(clock.now);
  const parts = createParts({ clock, bus, properties }, faults);
  if (header.fixtures) loadFixtures(parts, header.fixtures);
  const recorder = createRecorder(parts, header, options.secretSealer);
  const restored = {
    operations: state?.operations.length ?? 0,
    failed: state ? recorder.replay(state.operations, 'state') : ([] as ReplayFailure[]),
  };
  return {
    ...recorder.parts,
    /**
     * The platform's state as a versioned JSON object (`StateSnapshot`): how it was created and
     * every state-changing operation since (overwritten stash values dropped). Pass it to
     * `createMockPlatform({ state })` to get the same platform back. Faults are not state.
     */
    snapshot: recorder.snapshot,
    /**
     * Calls `listener` with each state-changing operation, synchronously, as it is applied (what `--state` journals).
     */
    onOperation: recorder.onOperation,
    /**
     * Calls `listener` with each message of `topic` that the platform's areas send each other, synchronously, as
     * it happens: `event` (a tracking event accepted, after dedupe, JSON or gzip batch alike), `delivery` (a
     * deferkv row delivered to its route). Returns a function that stops it. The demo's live QA panels follow it.
     */
    on: bus.on,
    /** What restoring `state` did: operations replayed, and those that threw (skipped). */
    restored,
    /** Calls whose arguments a snapshot cannot hold (an integration created with a handler function in code). */
    unrecorded: recorder.unrecorded,
  };
}

/** The mock platform `createMockPlatform` returns. */
export type MockPlatform = ReturnType<typeof createMockPlatform>;
