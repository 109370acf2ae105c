// The widget of the React tests (happy-dom and server rendering): the docs' shape, a list of
// links, each card observed through the hook's ref callback.

import {
  Recommendations,
  type RecommendationsConfig,
  type RecommendationsSnapshot,
  useRecommendations,
} from '../../src/react';
import type { ItemTransforms } from '../../src/recommendations';

export const TID = 'shop1';

/** A widget written with the hook. */
export function Widget({
  config = {},
  trackingId = TID,
  initial,
  exclude,
  transformItems,
}: {
  config?: RecommendationsConfig;
  trackingId?: string;
  initial?: RecommendationsSnapshot;
} & ItemTransforms) {
  const { items, status, error, observe } = useRecommendations({ meta: { trackingId } }, config, {
    initial,
    exclude,
    transformItems,
  });
  if (status === 'loading') return <p className="recs">Loading…</p>;
  if (status !== 'ready')
    return (
      <p className="recs" data-code={error?.code}>
        {status}
      </p>
    );
  return (
    <ol className="recs">
      {items.map((item) => (
        <li key={item.id} ref={observe(item)}>
          <a href={String(item.details.url ?? '#')}>{String(item.details.name)}</a>
        </li>
      ))}
    </ol>
  );
}

/** The same widget through `<Recommendations>` and its render prop. */
export function RenderPropWidget({
  config = {},
  initial,
}: {
  config?: RecommendationsConfig;
  initial?: RecommendationsSnapshot;
}) {
  return (
    <Recommendations options={{ meta: { trackingId: TID } }} config={config} initial={initial}>
      {({ items, status, observe }) =>
        status === 'ready' ? (
          <ul>
            {items.map((item, i) => (
              <li key={item.id} ref={observe(item, i + 1)}>
                {String(item.details.name)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{status}</p>
        )
      }
    </Recommendations>
  );
}
