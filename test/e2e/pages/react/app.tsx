// The React page of the browser tests: rendered to a string on the server (test/e2e/react.spec.ts,
// in Node) and hydrated in Chromium by client.tsx, bundled by our build (dist/react-page/app.js).
import { StrictMode } from 'react';
import { type RecommendationsSnapshot, useRecommendations } from '../../../../src/react';

/**
 * Four recommendations as links, each card observed through the hook's ref callback; with
 * `initial` (the server's snapshot), rendered from it on the server and in the first client render.
 */
function Widget({ initial }: { initial?: RecommendationsSnapshot }) {
  const { items, status, error, observe } = useRecommendations(
    { meta: { trackingId: 'e2e_shop', visitorId: 'visitor-1' } },
    { strategy: 'popular', limit: 4 },
    { initial },
  );
  if (status === 'loading') return <p id="status">Loading…</p>;
  if (status !== 'ready') return <p id="status">{error?.code}</p>;
  return (
    <ol id="widget">
      {items.map((item) => (
        <li key={item.id} ref={observe(item)}>
          <a href={`/test-pages/observe-next.html?${item.id}`}>{String(item.details.name)}</a>
        </li>
      ))}
    </ol>
  );
}

/** The page's React tree, under StrictMode (double effects and ref callbacks in development). */
export function App({ initial }: { initial?: RecommendationsSnapshot }) {
  return (
    <StrictMode>
      <h1>React storefront</h1>
      <Widget initial={initial} />
    </StrictMode>
  );
}

/** The id of the `<script type="application/json">` that carries the server's snapshot to the client. */
export const SNAPSHOT_ID = 'svc-snapshot';
