import { setEndpoints } from '../../src/core/endpoints';
import { createExperiencesClient } from '../../src/experiences';
import { loadRecommendations } from '../../src/react/server';
import { kill9, startServer } from '../mock/server/child';
import { interleaved, median, type Row, round } from './types';

// What rendering the first byte costs the shop's server: `loadRecommendations` and
// `getExperiences` in parallel, as docs/server.md's recipes do, against `svc-mock serve` over real
// HTTP on this machine, beside one bare round trip to the same server (interleaved rounds).
const ROUNDS = 300;
const WARMUP = 30;

export default async function (): Promise<Row[]> {
  const mock = await startServer([]);
  try {
    setEndpoints({ recs: mock.url, experiences: mock.url });
    const experiences = createExperiencesClient({ trackingId: 'demo_shop', timeout: 5000 });
    const options = { meta: { trackingId: 'demo_shop' } };
    const config = { strategy: 'popular', limit: 4, timeout: 5000 };
    const bothInParallel = async () => {
      const [found, snapshot] = await Promise.all([
        experiences.getExperiences({ contextId: 'bench-visitor' }),
        loadRecommendations(options, config, { visitorId: 'bench-visitor' }),
      ]);
      if (snapshot.status !== 'ready' || !found.experiencePayloads) throw new Error('the platform did not answer');
    };
    const roundTrip = async () => {
      const response = await fetch(`${mock.url}/vc/recommend/2.1/demo_shop?strategy=popular&n=4`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"h":["all"]}',
      });
      if ((await response.json()).status !== 200) throw new Error('the round trip failed');
    };
    const [server, bare] = (await interleaved([bothInParallel, roundTrip], ROUNDS, WARMUP)).map(median);
    const note = `median of ${ROUNDS} interleaved rounds, svc-mock serve over HTTP on localhost`;
    return [
      {
        bench: 'first byte',
        metric: "the server's wait on the platform: loadRecommendations + getExperiences in parallel",
        value: round(server, 2),
        unit: 'ms',
        note,
      },
      {
        bench: 'first byte',
        metric: 'one bare round trip (fetch of the recommend POST)',
        value: round(bare, 2),
        unit: 'ms',
        note,
      },
      { bench: 'first byte', metric: 'the wait over one round trip', value: round(server / bare, 2), unit: 'x', note },
    ];
  } finally {
    setEndpoints({});
    await kill9(mock.process);
  }
}
