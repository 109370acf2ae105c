// @vitest-environment happy-dom
import { act, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { RAW_ANSWER } from '../recommendations/feed';
import { recommendationEvents, useTrackers } from '../recommendations/page-tracker';
import { useMockPlatform } from '../support/mock-server';
import { useReactPage } from './react-page';
import { RenderPropWidget, Widget } from './widget';

// useRecommendations and <Recommendations> with React's own tools (react-dom/client, act) in
// happy-dom against the mock platform. Without IntersectionObserver (stubbed away) `observe`
// sends `shown` at render, so the tracker's events show what was observed, and how often.
const mock = useMockPlatform();
const trackers = useTrackers();
const page = useReactPage();

const recommendRequests = async () => (await mock.sent()).filter((r) => r.url.pathname.includes('/vc/recommend/'));
const texts = (selector: string) => [...page.container.querySelectorAll(selector)].map((e) => e.textContent);
/** Waits, inside act, until `check` passes. */
const until = (check: () => void) => act(() => vi.waitFor(check));

describe('useRecommendations', () => {
  it('hydrates the server render without a warning, then gets once and reports each item once under StrictMode', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    const app = (
      <StrictMode>
        <Widget config={{ limit: 3 }} />
      </StrictMode>
    );
    page.container.innerHTML = renderToString(app);
    expect(page.container.innerHTML).toBe('<p class="recs">Loading…</p>');
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      page.root = hydrateRoot(page.container, app, { onRecoverableError: (error) => console.error(error) });
    });
    await until(() => expect(texts('li')).toEqual(['Product p2', 'Product p4', 'Product p1']));
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map(([type, data]) => [type, data.id])).toEqual([
      ['recommendationShown', 'p2'],
      ['recommendationShown', 'p4'],
      ['recommendationShown', 'p1'],
    ]);
    const requests = await recommendRequests();
    expect(requests.map((r) => r.url.searchParams.get('n'))).toEqual(['3']);
    await act(async () => page.container.querySelectorAll('a')[1].click());
    await vi.waitFor(() => expect(events).toHaveLength(4));
    expect(events[3]).toEqual(['recommendationClicked', expect.objectContaining({ id: 'p4', position: 2 })]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toHaveLength(4);
    expect(errors).not.toHaveBeenCalled();
  });

  it('says empty for no recommendations and error (with the typed error) for a refused config, sending nothing', async () => {
    page.root = createRoot(page.container);
    await act(async () => page.root?.render(<Widget trackingId="nobody_here" />));
    await until(() => expect(page.container.querySelector('p')?.textContent).toBe('empty'));
    expect(page.container.querySelector('p')?.dataset.code).toBe('NO_RECOMMENDATIONS');

    const before = (await recommendRequests()).length;
    await act(async () => page.root?.render(<Widget trackingId="nobody_here" config={{ limit: 0 }} />));
    await until(() => expect(page.container.querySelector('p')?.textContent).toBe('error'));
    expect(page.container.querySelector('p')?.dataset.code).toBe('INVALID_ARGUMENT');
    expect((await recommendRequests()).length).toBe(before);
  });

  it('asks again when the config changes by value, not when it is a new object of the same value', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    page.root = createRoot(page.container);
    await act(async () => page.root?.render(<Widget config={{ limit: 3 }} />));
    await until(() => expect(texts('li')).toHaveLength(3));
    await act(async () => page.root?.render(<Widget config={{ limit: 3 }} />));
    await act(async () => page.root?.render(<Widget config={{ limit: 5, strategy: 'new' }} />));
    await until(async () => expect(await recommendRequests()).toHaveLength(2));
    const requests = await recommendRequests();
    expect(requests.map((r) => [r.url.searchParams.get('strategy'), r.url.searchParams.get('n')])).toEqual([
      ['popular', '3'],
      ['new', '5'],
    ]);
  });

  it('<Recommendations> renders its render prop from the same state, each card observed', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const events = recommendationEvents(trackers.start());
    page.root = createRoot(page.container);
    await act(async () =>
      page.root?.render(
        <StrictMode>
          <RenderPropWidget />
        </StrictMode>,
      ),
    );
    await until(() => expect(texts('li')).toEqual(['Product p2', 'Product p4', 'Product p1']));
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect((await recommendRequests()).length).toBe(1);
  });

  it('exclude asks for as many more and never shows them; transformItems reorders; positions as rendered', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER); // p2, p4, p1
    const events = recommendationEvents(trackers.start());
    page.root = createRoot(page.container);
    const reversed = (items: { id: string }[]) => [...items].reverse();
    await act(async () =>
      page.root?.render(<Widget config={{ limit: 2 }} exclude={['p4']} transformItems={reversed as never} />),
    );
    await until(() => expect(texts('li')).toEqual(['Product p1', 'Product p2']));
    expect((await recommendRequests()).map((r) => r.url.searchParams.get('n'))).toEqual(['3']);
    await act(async () => page.container.querySelectorAll('a')[1].click());
    await vi.waitFor(() =>
      expect(events).toContainEqual(['recommendationClicked', expect.objectContaining({ id: 'p2', position: 2 })]),
    );
  });

  it('a transformItems that returns no list or throws is an error, as for the element', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    page.root = createRoot(page.container);
    await act(async () => page.root?.render(<Widget transformItems={(() => null) as never} />));
    await until(() => expect(page.container.querySelector('p')?.textContent).toBe('error'));
    expect(page.container.querySelector('p')?.dataset.code).toBe('INVALID_ARGUMENT');
    const broken = () => {
      throw new RangeError('no stock data');
    };
    await act(async () => page.root?.render(<Widget config={{ limit: 2 }} transformItems={broken} />));
    await until(() => expect(page.container.querySelector('p')?.textContent).toBe('error'));
  });

  it('nothing left after exclude is empty', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    page.root = createRoot(page.container);
    await act(async () => page.root?.render(<Widget exclude={['p1', 'p2', 'p4']} />));
    await until(() => expect(page.container.querySelector('p')?.textContent).toBe('empty'));
    expect(page.container.querySelector('p')?.dataset.code).toBe('NO_RECOMMENDATIONS');
  });
});
