import { describe, expect, it, vi } from 'vitest';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { loadRecommendations } from '../../src/vue/server';
import { RAW_ANSWER } from '../recommendations/feed';
import { useMockPlatform } from '../support/mock-server';
import { SlotWidget, Widget } from './widget';

// Server rendering in Node (no window, no document) with @vue/server-renderer: without a snapshot
// the composable and the component render `loading` and ask nothing (`get` runs once mounted in the
// browser: test/vue/server-snapshot.test.ts); with one, they render its cards.
const mock = useMockPlatform();

const render = (app: Parameters<typeof createSSRApp>[0]) => renderToString(createSSRApp(app));

// The snapshot's tracking id, this file's alone: every request of its widget names it (in the URL
// or the body), so that a request another test file of the worker left running is not counted.
const SNAPSHOT_TID = 'vue_ssr_snapshot';
const widgetRequests = async () =>
  (await mock.sent()).filter((r) => r.url.href.includes(SNAPSHOT_TID) || r.body.includes(SNAPSHOT_TID));

describe('@svc/vue on the server', () => {
  it('renders loading without window and sends nothing, a refused config included', async () => {
    expect(typeof window).toBe('undefined');
    const warnings = vi.spyOn(console, 'warn');
    const html = await render({
      render: () => [h(Widget, { config: { limit: 3 } }), h(SlotWidget), h(Widget, { config: { limit: 0 } })],
    });
    expect(html).toBe(
      '<!--[--><p class="recs">Loading…</p><div data-state="loading" class="slots"><p>Loading…</p></div>' +
        '<p class="recs">Loading…</p><!--]-->',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await mock.sent()).toEqual([]);
    expect(warnings).not.toHaveBeenCalled();
  });

  it("renders a snapshot's cards, and sends nothing while rendering", async () => {
    mock.platform.faults.set('recommend', RAW_ANSWER);
    const initial = await loadRecommendations(
      { meta: { trackingId: SNAPSHOT_TID } },
      { limit: 3 },
      { visitorId: 'v-1' },
    );
    const before = await widgetRequests();
    expect(before).toHaveLength(1); // the snapshot's own get
    const html = await render({
      render: () => h(Widget, { config: { limit: 3 }, initial, trackingId: SNAPSHOT_TID }),
    });
    expect(html).toBe(
      '<ol class="recs"><li><a href="#next">Product p2</a></li>' +
        '<li><a href="#next">Product p4</a></li><li><a href="#next">Product p1</a></li></ol>',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await widgetRequests()).toHaveLength(before.length);
  });
});
