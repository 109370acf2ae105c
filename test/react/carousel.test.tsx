// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { RecommendationsCarousel } from '../../src/react';
import { loadRecommendations } from '../../src/react/server';
import { RAW_ANSWER } from '../recommendations/feed';
import { recommendationEvents, useTrackers } from '../recommendations/page-tracker';
import { useMockPlatform } from '../support/mock-server';
import { useReactPage } from './react-page';
import { TID } from './widget';

// <RecommendationsCarousel> in happy-dom: the APG structure, the same markup on the server and in
// the first client render, each card observed through renderItem's ref. Layout (scrolling, the
// buttons' ends in a real row, axe) is the element's browser test's: both share carousel.ts.
const mock = useMockPlatform();
const trackers = useTrackers();
const page = useReactPage();

const Carousel = (props: { initial?: Awaited<ReturnType<typeof loadRecommendations>> }) => (
  <RecommendationsCarousel
    options={{ meta: { trackingId: TID } }}
    config={{ limit: 3 }}
    initial={props.initial}
    label="You may also like"
    header={<h2>You may also like</h2>}
    fallback={({ status }) => <p className="placeholder">{status}</p>}
    renderItem={(item, ref) => (
      <a ref={ref} href={`/p/${item.id}`}>
        {String(item.details.name)}
      </a>
    )}
  />
);

describe('<RecommendationsCarousel>', () => {
  it('renders the fallback while loading, then a named carousel region with its buttons and the cards', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    page.root = createRoot(page.container);
    await act(async () => page.root?.render(<Carousel />));
    await act(() => vi.waitFor(() => expect(page.container.querySelectorAll('[data-svc-track] > a')).toHaveLength(3)));
    const region = page.container.querySelector('section')!;
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.getAttribute('aria-label')).toBe('You may also like');
    expect(page.container.firstElementChild?.tagName).toBe('H2');
    const [previous, next] = region.querySelectorAll('button');
    expect([previous.getAttribute('aria-label'), next.getAttribute('aria-label')]).toEqual([
      'Previous items',
      'Next items',
    ]);
    const track = region.querySelector<HTMLElement>('[data-svc-track]')!;
    expect(previous.getAttribute('aria-controls')).toBe(track.id);
    expect([track.tabIndex, track.style.scrollSnapType, track.style.overflowX]).toEqual([0, 'x mandatory', 'auto']);
    expect(previous.disabled).toBe(true);
    await vi.waitFor(() => expect(events).toHaveLength(3));
  });

  it('a server snapshot: the same markup on the server and in the first client render, no warning, no request', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const snapshot = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 }, { visitorId: 'v-1' });
    const before = (await mock.sent()).length;
    page.container.innerHTML = renderToString(<Carousel initial={snapshot} />);
    expect(page.container.querySelectorAll('[data-svc-track] > a')).toHaveLength(3);
    expect(page.container.innerHTML).not.toContain('style=');
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      page.root = hydrateRoot(page.container, <Carousel initial={snapshot} />, {
        onRecoverableError: (error) => console.error(error),
      });
    });
    expect(errors).not.toHaveBeenCalled();
    expect((await mock.sent()).length).toBe(before);
  });

  it('a scroll that leaves both buttons as they were re-renders no card', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const rendered = vi.fn();
    page.root = createRoot(page.container);
    await act(async () =>
      page.root?.render(
        <RecommendationsCarousel
          options={{ meta: { trackingId: TID } }}
          config={{ limit: 3 }}
          renderItem={(item, ref) => {
            rendered(item.id);
            return (
              <a ref={ref} href={`/p/${item.id}`}>
                {String(item.details.name)}
              </a>
            );
          }}
        />,
      ),
    );
    await act(() => vi.waitFor(() => expect(page.container.querySelectorAll('[data-svc-track] > a')).toHaveLength(3)));
    const track = page.container.querySelector('[data-svc-track]')!;
    const scroll = () =>
      act(async () => {
        for (let i = 0; i < 5; i++) track.dispatchEvent(new Event('scroll'));
      });
    // React may render once more to find the state unchanged; after that, a smooth scroll's many
    // scroll events re-render no card while neither button changes.
    await scroll();
    const settled = rendered.mock.calls.length;
    for (let round = 0; round < 3; round++) await scroll();
    expect(rendered.mock.calls.length).toBe(settled);
  });

  it('the fallback renders empty and error from the state', async () => {
    page.root = createRoot(page.container);
    await act(async () =>
      page.root?.render(
        <RecommendationsCarousel
          options={{ meta: { trackingId: 'nobody_here' } }}
          fallback={({ status }) => <p className="placeholder">{status}</p>}
          renderItem={() => null}
        />,
      ),
    );
    await act(() => vi.waitFor(() => expect(page.container.textContent).toBe('empty')));
  });
});
