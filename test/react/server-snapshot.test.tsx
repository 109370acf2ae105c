// @vitest-environment happy-dom
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type RecommendationsSnapshot, useRecommendations } from '../../src/react';
import { loadRecommendations } from '../../src/react/server';
import { loadRecommendations as baseLoadRecommendations } from '../../src/recommendations';
import { RAW_ANSWER } from '../recommendations/feed';
import { recommendationEvents, useTrackers } from '../recommendations/page-tracker';
import { useMockPlatform } from '../support/mock-server';
import { useReactPage } from './react-page';
import { RenderPropWidget, TID, Widget } from './widget';

// Personalised from the first byte: the server's snapshot (`loadRecommendations`) rendered by the
// hook on the server and in the first client render, hydrated with no mismatch and no request.
const mock = useMockPlatform();
const trackers = useTrackers();
const page = useReactPage();

const recommendRequests = async () => (await mock.sent()).filter((r) => r.url.pathname.includes('/vc/recommend/'));

/** A widget whose `emitMetric` is a new function each render, labelled with the render's `label`. */
function EmitPage({ label, sent, initial }: { label: string; sent: string[]; initial: RecommendationsSnapshot }) {
  const emitMetric = (type: string, data: Record<string, unknown>) => void sent.push(`${label} ${type} ${data.id}`);
  const { items, observe } = useRecommendations({ meta: { trackingId: TID }, emitMetric }, { limit: 3 }, { initial });
  return (
    <ol>
      {items.map((item) => (
        <li key={item.id} ref={observe(item)}>
          <a href="#next">{String(item.details.name)}</a>
        </li>
      ))}
    </ol>
  );
}

describe('loadRecommendations (@svc/react/server)', () => {
  // Its snapshots are tested once, in test/recommendations/load-recommendations.test.ts.
  it("is @svc/recommendations' own", () => {
    expect(loadRecommendations).toBe(baseLoadRecommendations);
  });
});

describe('useRecommendations with the server snapshot', () => {
  it('renders the cards on the server and hydrates them with no warning, no request, each shown once', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const initial = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
    const before = (await recommendRequests()).length;
    const events = recommendationEvents(trackers.start());
    const app = (
      <StrictMode>
        <Widget config={{ limit: 3 }} initial={initial} />
        <RenderPropWidget config={{ limit: 3 }} initial={initial} />
      </StrictMode>
    );
    page.container.innerHTML = renderToString(app);
    expect([...page.container.querySelectorAll('ol.recs li')].map((li) => li.textContent)).toEqual([
      'Product p2',
      'Product p4',
      'Product p1',
    ]);
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      page.root = hydrateRoot(page.container, app, { onRecoverableError: (error) => console.error(error) });
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(errors).not.toHaveBeenCalled();
    expect(await recommendRequests()).toHaveLength(before);
    // Without IntersectionObserver an observed card is shown at once: each widget's items once each
    // (two widgets here), StrictMode's double effects and ref callbacks notwithstanding.
    await vi.waitFor(() => expect(events).toHaveLength(6));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const ids = events.map(([type, item]) => `${type} ${item.id}`).sort();
    expect(ids).toEqual(['p1', 'p1', 'p2', 'p2', 'p4', 'p4'].map((id) => `recommendationShown ${id}`));
  });

  it('exclude, transformItems and limit apply to the snapshot too, on the server and in the first render', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER); // p2, p4, p1
    const initial = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
    const before = (await recommendRequests()).length;
    const events = recommendationEvents(trackers.start());
    const reversed = (items: { id: string }[]) => [...items].reverse();
    const app = (
      <StrictMode>
        <Widget config={{ limit: 2 }} initial={initial} exclude={['p4']} transformItems={reversed as never} />
      </StrictMode>
    );
    page.container.innerHTML = renderToString(app);
    const shown = () => [...page.container.querySelectorAll('ol.recs li')].map((li) => li.textContent);
    expect(shown()).toEqual(['Product p1', 'Product p2']);
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      page.root = hydrateRoot(page.container, app, { onRecoverableError: (error) => console.error(error) });
    });
    expect(shown()).toEqual(['Product p1', 'Product p2']);
    expect(errors).not.toHaveBeenCalled();
    expect(await recommendRequests()).toHaveLength(before);
    // A card's position is its place as rendered: p2, first in the snapshot, is second here.
    await act(async () => page.container.querySelectorAll('a')[1].click());
    await vi.waitFor(() =>
      expect(events).toContainEqual(['recommendationClicked', expect.objectContaining({ id: 'p2', position: 2 })]),
    );
  });

  it('a snapshot with nothing left after exclude is empty, on the server and in the first client render', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const initial = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
    const app = <Widget config={{ limit: 3 }} initial={initial} exclude={['p1', 'p2', 'p4']} />;
    page.container.innerHTML = renderToString(app);
    expect(page.container.innerHTML).toBe('<p class="recs" data-code="NO_RECOMMENDATIONS">empty</p>');
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      page.root = hydrateRoot(page.container, app, { onRecoverableError: (error) => console.error(error) });
    });
    expect(page.container.innerHTML).toBe('<p class="recs" data-code="NO_RECOMMENDATIONS">empty</p>');
    expect(errors).not.toHaveBeenCalled();
  });

  it('asks again only when the options or config change', async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const initial = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
    const before = (await recommendRequests()).length;
    page.container.innerHTML = renderToString(<Widget config={{ limit: 3 }} initial={initial} />);
    await act(async () => {
      page.root = hydrateRoot(page.container, <Widget config={{ limit: 3 }} initial={initial} />);
    });
    await act(async () => page.root?.render(<Widget config={{ limit: 3 }} initial={initial} />));
    expect(await recommendRequests()).toHaveLength(before);
    await act(async () => page.root?.render(<Widget config={{ limit: 2 }} initial={initial} />));
    await vi.waitFor(async () => expect(await recommendRequests()).toHaveLength(before + 1));
    await vi.waitFor(() => expect(page.container.querySelectorAll('ol.recs li')).toHaveLength(2));
  });

  it("sends the snapshot's events through the latest render's emitMetric, not the first one's", async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const initial = await loadRecommendations({ meta: { trackingId: TID } }, { limit: 3 });
    const sent: string[] = [];
    page.container.innerHTML = renderToString(<EmitPage label="first" sent={sent} initial={initial} />);
    await act(async () => {
      page.root = hydrateRoot(page.container, <EmitPage label="first" sent={sent} initial={initial} />);
    });
    await act(async () => page.root?.render(<EmitPage label="second" sent={sent} initial={initial} />));
    await act(async () => page.container.querySelectorAll('a')[1].click());
    await vi.waitFor(() =>
      expect(sent.filter((event) => event.includes('Clicked'))).toEqual(['second recommendationClicked p4']),
    );
  });
});
