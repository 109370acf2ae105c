import { setupServer } from 'msw/node';
import { createIntegration } from '../../src/integrations';
import { createHandlers, createMockPlatform } from '../../src/mock';
import { runAt } from '../../src/mock/platform/integrations';
import { median, percentile, type Row, round } from './types';

// The integrations client against the mock (no latency fault): one execute round trip (client
// validation, fetch, MSW, rate-limit check, handler, run record), a schedule, and the cost of
// computing runAt for a wrapping window.
const CALLS = 300;

export default async function (): Promise<Row[]> {
  const platform = createMockPlatform({ now: '2026-11-23T10:00:00.000Z' });
  const server = setupServer(...createHandlers(platform));
  server.listen({ onUnhandledFrame: 'error' });
  platform.admin.integrations.create('bench', {
    name: 'limited',
    settings: { rateLimits: [{ limit: 1_000_000, interval: 'week', target: ['email'] }] },
    handler: ({ payload }) => payload,
  });
  const limited = createIntegration('limited', { trackingId: 'bench' });
  const time = async (call: (i: number) => Promise<unknown>) => {
    const ms: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await call(i);
      ms.push(performance.now() - start);
    }
    return ms;
  };
  await time((i) => limited.execute({ i }, { key: { email: `warm${i}` } }));
  const execute = await time((i) => limited.execute({ i }, { key: { email: `h${i % 10}` } }));
  const schedule = await time((i) =>
    limited.schedule({ i }, { key: { email: `h${i}` }, delay: i, window: { day: 'fri-mon', time: '22:00-06:00' } }),
  );
  server.close();

  const N = 100_000;
  const start = performance.now();
  let sink = 0;
  for (let i = 0; i < N; i++)
    sink += runAt(Date.parse('2026-11-23T10:00:00.000Z') + i * 60_000, { day: 'fri-mon', time: '22:00-06:00' });
  const perRunAt = ((performance.now() - start) * 1000) / N;
  if (!sink) throw new Error('runAt returned nothing');

  const note = `${CALLS} sequential calls, mock in-process, no latency`;
  return [
    { bench: 'integrations', metric: 'execute round trip p50', value: round(median(execute), 3), unit: 'ms', note },
    {
      bench: 'integrations',
      metric: 'execute round trip p95',
      value: round(percentile(execute, 95), 3),
      unit: 'ms',
      note,
    },
    { bench: 'integrations', metric: 'schedule round trip p50', value: round(median(schedule), 3), unit: 'ms', note },
    {
      bench: 'integrations',
      metric: 'runAt (fri-mon, 22:00-06:00)',
      value: round(perRunAt, 3),
      unit: 'µs',
      note: `${N} calls`,
    },
  ];
}
