// The panels kept up to date with the page: the one piece that reads the QA channel and the
// page's tracker and renders every panel into its content element. The overlay (svc-qa.js) and
// the demo's QA page both use it, on the same page at times, so the channel's one listener slot
// calls every watcher of the page (the list lives on the channel: each bundle sees the same one).
import { pageTracker } from '@svc/core';
import { type QaChannel, type QaRecord, qaChannel } from '@svc/core/internal';
import type { Tracker } from '../tracker';
import { guard } from './dom';
import { type EmittedEvent, EVENTS_KEPT, keptEvents, readState } from './model';
import type { PageView, Panel } from './panels';

/** Ms between two renders at most once something happened; live values (queue, consent) follow each second. */
const RENDER_DELAY = 100;
const REFRESH_MS = 1000;
/** Events kept beyond what the panel lists, before the list is cut back: cutting is then rare. */
const EMITTED_SLACK = 100;

/** Cuts `emitted` (oldest first) back to what the events panel lists, once it has grown past that by the slack. */
function prune(emitted: EmittedEvent[]): void {
  if (emitted.length <= EVENTS_KEPT + EMITTED_SLACK) return;
  const newestFirst = emitted.map((event) => ({ type: event.meta.type, event })).reverse();
  const kept = keptEvents(newestFirst).map(({ event }) => event);
  emitted.splice(0, emitted.length, ...kept.reverse());
}

/** Adds `listener` to the page's channel; returns what removes it (the slot is emptied with the last one). */
function listen(channel: QaChannel, listener: (record: QaRecord) => void): () => void {
  channel.listeners ??= new Set();
  const listeners = channel.listeners;
  listeners.add(listener);
  channel.listener = (record) => {
    for (const each of listeners) each(record);
  };
  return () => {
    listeners.delete(listener);
    if (!listeners.size) channel.listener = undefined;
  };
}

/** The page as the panels see it now; `mock` is the mock answering this tab, if one does. */
export const pageView = (mock: string | null): PageView => ({
  tracker: pageTracker() as Tracker | undefined,
  observed: qaChannel().gauges.observed?.() ?? 0,
  mock: mock ?? undefined,
});

/**
 * Renders each panel into its content element now, after each record or tracker event (batched),
 * and every second; returns what stops it all (the channel listener, the tracker listener, the timers).
 */
export function watchPanels(contents: ReadonlyMap<Panel, HTMLElement>, page: () => PageView): () => void {
  const channel = qaChannel();
  const emitted: EmittedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // What each panel last rendered, as text: a panel whose content would not change is left alone.
  const rendered = new Map<Panel, string>();
  const render = guard(() => {
    timer = undefined;
    const state = readState(channel.records, emitted);
    const view = page();
    for (const [panel, content] of contents) {
      const node = panel.render(state, view);
      const text = (node as Element).outerHTML ?? node.textContent ?? '';
      if (rendered.get(panel) === text) continue;
      rendered.set(panel, text);
      content.replaceChildren(node);
    }
  });
  const later = guard(() => {
    timer ??= setTimeout(render, RENDER_DELAY);
  });
  // The tracker replays its earlier events at once (consent then unknown), then tells each new one as it happens.
  const tracker = pageTracker() as Tracker | undefined;
  let replaying = true;
  const stopTracker = tracker?.on(/./, (event) => {
    const withheld = !replaying && tracker.consentState === 'denied';
    emitted.push({ ...(event as unknown as EmittedEvent), withheld });
    prune(emitted);
    later();
  });
  replaying = false;
  const stopChannel = listen(channel, later);
  const refresh = setInterval(render, REFRESH_MS);
  render();
  return () => {
    stopChannel();
    stopTracker?.();
    clearTimeout(timer);
    clearInterval(refresh);
  };
}
