'use client';
import {
  Recommendations,
  type RecommendationsConfig,
  type RecommendationsOptions,
  type RecommendationsSnapshot,
} from '@svc/react';
import { setEndpoints } from '@svc/recommendations';
import Link from 'next/link';

interface Props {
  /** The platform the server asked (`SVC_ENDPOINT`): the server's clients use it; the browser's go through `/svc`. */
  endpoint: string;
  options: RecommendationsOptions;
  config: RecommendationsConfig;
  /** The server's snapshot: rendered as it is on the server and in the first client render, with no request. */
  initial: RecommendationsSnapshot;
}

/** `GBP 62.02`: the same text in Node and in every browser (Intl's spaces differ between ICU versions). */
const price = (details: Record<string, unknown>) =>
  typeof details.unit_price === 'number' ? `${String(details.currency ?? '')} ${details.unit_price.toFixed(2)}` : '';

/** Four cards of a fixed size; none when the server got none (a slow or failed platform). */
export function RecommendedProducts({ endpoint, options, config, initial }: Props) {
  // Before the widget's client is made. In the browser, every request goes through the shop's platform
  // route (app/svc/[...path]/route.ts) on its own origin; on the server, to the platform itself.
  if (typeof window === 'undefined') setEndpoints({ recs: endpoint, events: endpoint });
  else setEndpoints({ platform: '/svc' });
  return (
    <Recommendations options={options} config={config} initial={initial}>
      {({ items, observe }) =>
        items.length > 0 && (
          <section className="recommended" aria-labelledby="recommended-title">
            <h2 id="recommended-title">You may also like</h2>
            <ol className="cards">
              {items.map((item) => (
                <li key={item.id} className="card" data-product={item.id}>
                  {/* Shown once seen for a second, clicked when followed (observe). No prefetch: the page
                      is rendered, and its experience recorded as seen, for a visit only. */}
                  <Link ref={observe(item)} href={`/product/${encodeURIComponent(item.id)}`} prefetch={false}>
                    <span className="card-name">{String(item.details.name ?? item.id)}</span>
                    <span className="card-price">{price(item.details)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          </section>
        )
      }
    </Recommendations>
  );
}
