import type { PlatformContext } from '../context';
import { ingest, ingestEncoded } from './ingest';
import { receivedOf, statsSum, strategyMetrics } from './inspect';
import { createEventsState } from './state';

export type * from './types';

/**
 * The events area of the mock platform: ingests batches (validation against the tracker's event
 * table, size limit, dedupe by `meta.id`), announces each new event on the bus (`event`), and
 * keeps what it received for `inspect`.
 *
 * This file only wires the parts: state.ts (events held, counters), ingest.ts and gunzip.ts (taking
 * a batch), inspect.ts (what tests read back).
 */
export function createEventsArea(ctx: PlatformContext) {
  const state = createEventsState(ctx);
  return {
    service: {
      /** Takes one batch for `trackingId`: the request body as received (bytes), or as text. */
      ingest: (trackingId: string, body: string | Uint8Array) => ingest(state, trackingId, body),
      /** Takes one batch sent with `?encoding=<encoding>` (`gzip`). */
      ingestEncoded: (trackingId: string, body: Uint8Array<ArrayBuffer>, encoding: string) =>
        ingestEncoded(state, trackingId, body, encoding),
    },
    admin: {
      /** Forgets the events received for `trackingId`, or for every tracking id. */
      clear(trackingId?: string) {
        for (const map of [state.held, state.stats] as Map<string, unknown>[]) {
          if (trackingId === undefined) map.clear();
          else map.delete(trackingId);
        }
      },
    },
    inspect: {
      /** Events received for `trackingId`, each `meta.id` once, in order of first arrival. */
      received: (trackingId: string) => receivedOf(state, trackingId),
      /** The tracking ids that sent batches. */
      trackingIds: (): string[] => [...state.stats.keys()],
      /** Counters of `trackingId`, or summed over every tracking id. */
      stats: (trackingId?: string) => statsSum(state, trackingId),
      /** Shown, clicked and click-through rate per strategy (`data.strategy`), sorted by strategy. */
      metrics: (trackingId: string) => strategyMetrics(state, trackingId),
    },
  };
}
