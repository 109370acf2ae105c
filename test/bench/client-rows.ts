import { median, type Row, round } from './types';

/** The samples (ms) of one client call, of a bare fetch of the same request, and of core's `request()` alone. */
export interface ClientSamples {
  client: number[];
  bare: number[];
  core: number[];
}

/**
 * The rows every HTTP client bench prints: the client call's median, the bare fetch's and core
 * `request()`'s for the same request (the HTTP layer alone), and the client over the bare fetch.
 */
export function clientRows(
  bench: string,
  call: string,
  samples: ClientSamples,
  note: string,
  overheadNote = (client: number, bare: number, _core: number) => `overhead ${round(client - bare, 1)} µs per call`,
): Row[] {
  const client = median(samples.client) * 1000;
  const bare = median(samples.bare) * 1000;
  const core = median(samples.core) * 1000;
  return [
    { bench, metric: `${call} median`, value: round(client, 1), unit: 'µs', note },
    { bench, metric: 'bare fetch median (same request)', value: round(bare, 1), unit: 'µs', note },
    {
      bench,
      metric: 'core request() median (same request)',
      value: round(core, 1),
      unit: 'µs',
      note: 'the HTTP layer alone: fetch + envelope check',
    },
    {
      bench,
      metric: `${call} / bare fetch`,
      value: round(client / bare, 2),
      unit: '×',
      note: overheadNote(client, bare, core),
    },
  ];
}
