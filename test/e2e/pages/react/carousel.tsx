// The React carousel page of the browser tests: <RecommendationsCarousel> rendered to a string on
// the server (test/e2e/react-carousel.spec.ts, in Node) and hydrated in Chromium by
// carousel-client.tsx, bundled by our build (dist/react-page/carousel.js). A page of its own, so
// that react.spec.ts's page keeps its one widget and its request counts.
import { StrictMode } from 'react';
import { RecommendationsCarousel } from '../../../../src/react';

/**
 * Cards on the page: more than fit at 1366 px (element-carousel.css, shared with the element's
 * page: 150 px each, 10 px apart).
 */
export const CARD_COUNT = 12;

/** The page's React tree, under StrictMode (double effects and ref callbacks in development). */
export function CarouselApp() {
  return (
    <StrictMode>
      <h1>Linen shirt</h1>
      <div id="widget">
        <RecommendationsCarousel
          options={{ meta: { trackingId: 'e2e_shop', visitorId: 'visitor-1' } }}
          config={{ strategy: 'popular', limit: CARD_COUNT }}
          label="You may also like"
          header={<h2>You may also like</h2>}
          fallback={({ status }) => <p id="status">{status === 'loading' ? 'Loading…' : status}</p>}
          renderItem={(item, ref) => (
            // A link within the page: a click is reported, and the page stays to be inspected.
            <a ref={ref} href={`#${item.id}`}>
              {String(item.details.name)}
            </a>
          )}
        />
      </div>
    </StrictMode>
  );
}
