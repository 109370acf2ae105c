import { setupServer } from 'msw/node';
import { request } from '../../src/core/http';
import { createExperiencesClient } from '../../src/experiences';
import { createHandlers, createMockPlatform } from '../../src/mock';
import { allocate } from '../../src/mock/platform/experiences/bucketing';
import { seedDemoExperiences } from '../../src/mock/platform/experiences/fixtures';
import { clientRows } from './client-rows';
import { interleaved, type Row, round } from './types';

// getExperiences() against a bare fetch of the same request (msw/node + @svc/mock with the demo
// experiences, interleaved rounds), then the mock's own costs: answering the GET, and bucketing.
const ROUNDS = 1_000;
const WARMUP = 100;

export default async function (): Promise<Row[]> {
  const platform = createMockPlatform({ now: '2026-11-21T12:00:00Z' });
  platform.admin.createProperty('bench_shop', { cookieDomains: ['.shop.example'] });
  seedDemoExperiences(platform.admin.experiences, 'bench_shop');
  const server = setupServer(...createHandlers(platform));
  server.listen({ onUnhandledFrame: 'error' });

  const client = createExperiencesClient({ trackingId: 'bench_shop' });
  const url = 'https://experiences.svc.example/v1/bench_shop/experiences?contextId=bench-visitor&ignoreSegments';
  const viaClient = async () => {
    const { experiencePayloads } = await client.getExperiences({ contextId: 'bench-visitor', ignoreSegments: true });
    if (experiencePayloads.length !== 2) throw new Error('getExperiences returned the wrong payloads');
  };
  const viaFetch = async () => {
    const body = await (await fetch(url)).json();
    if (body.experiencePayloads.length !== 2) throw new Error('fetch returned the wrong payloads');
  };
  // The HTTP layer alone (fetch + timeout + envelope), to tell its share of the overhead from the client's.
  const viaCore = async () => {
    const body = await request<{ experiencePayloads: unknown[] }>(url, { envelope: false });
    if (body.experiencePayloads.length !== 2) throw new Error('request() returned the wrong payloads');
  };
  const [client_, bare, core] = await interleaved([viaClient, viaFetch, viaCore], ROUNDS, WARMUP);
  server.close();

  // The platform alone: the GET's service call (3 experiences, one segment) and the bucketing.
  const service = platform.services.experiences;
  const N = 20_000;
  let start = performance.now();
  for (let i = 0; i < N; i++)
    service.experiences('bench_shop', { contextId: `visitor-${i}` }, 'https://experiences.svc.example/v1/callback');
  const serviceUs = ((performance.now() - start) / N) * 1000;
  const variations = platform.admin.experiences.get('bench_shop', 1)!.iterations[0].variations;
  const M = 1_000_000;
  start = performance.now();
  for (let i = 0; i < M; i++) allocate(variations, `visitor-${i}`, 1);
  const allocateNs = ((performance.now() - start) / M) * 1e6;

  const note = `median of ${ROUNDS} interleaved rounds, msw/node + @svc/mock, demo experiences`;
  const ownShare = (client: number, bare: number, core: number) =>
    `overhead ${round(client - bare, 1)} µs per call, of which ${round(client - core, 1)} µs the client's own (options and response checks)`;
  return [
    ...clientRows('experiences', 'getExperiences()', { client: client_, bare, core }, note, ownShare),
    {
      bench: 'experiences',
      metric: 'mock: answer one GET',
      value: round(serviceUs, 2),
      unit: 'µs',
      note: `${N} visitors, 3 experiences (1 segmented, 1 archived), callbacks encoded`,
    },
    {
      bench: 'experiences',
      metric: 'mock: bucket one visitor',
      value: round(allocateNs, 0),
      unit: 'ns',
      note: `cyrb53 of (experience, contextId), 3 weighted variations, ${M} visitors`,
    },
  ];
}
