// The panels kept up to date with the page: the one piece that reads the QA channel and the
// page's tracker and renders every panel into its content element. The overlay (svc-qa.js) and
// the demo's QA page both use it, on the same page at times, so the channel's one listener slot
// calls every watcher of the page (the list lives on the channel: each bundle sees the same one).
import { pageTracker } from '@svc/core';
import { type QaChannel, type QaRecord, qaChannel } from '@svc/core/internal';
import type { Tracker } from '../tracker';
import { guard, h } from './dom';
import { type EmittedEvent, EVENTS_KEPT, keptEvents, readState } from './model';
import type { PageView, Panel } from './panels';

/** Ms between two renders at most once something happened. */
const RENDER_DELAY = 100;
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

/** Where a panel renders: its content element, or for a `readsNow` panel a body below its "as of" line. */
interface Target {
  body: HTMLElement;
  /** Sets the "as of" time (a `readsNow` panel's). */
  stamp?: (at: number) => void;
}

/** A `readsNow` panel's content: "as of <time>" and a Refresh button (which calls `refresh`) above its body. */
function readNowTarget(panel: Panel, content: HTMLElement, refresh: () => void): Target {
  const at = h('time', { 'data-as-of': panel.id });
  const body = h('div', {});
  content.replaceChildren(
    h(
      'p',
      { class: 'as-of' },
      'as of ',
      at,
      ' UTC ',
      h(
        'button',
        { type: 'button', class: 'quiet', 'aria-label': `Refresh ${panel.title}`, onclick: refresh },
        'Refresh',
      ),
    ),
    body,
  );
  const stamp = (now: number) => {
    at.setAttribute('datetime', new Date(now).toISOString());
    at.textContent = new Date(now).toISOString().slice(11, 19);
  };
  return { body, stamp };
}

/**
 * Renders each panel into its content element now and after each record or tracker event (batched), a
 * `readsNow` panel also when its Refresh is pressed; returns what stops it all (the channel listener, the
 * tracker listener, the timer).
 */
export function watchPanels(contents: ReadonlyMap<Panel, HTMLElement>, page: () => PageView): () => void {
  const channel = qaChannel();
  const emitted: EmittedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // What each panel last rendered, as text: a panel whose content would not change is left alone.
  const rendered = new Map<Panel, string>();
  const render = guard(() => {
    clearTimeout(timer);
    timer = undefined;
    const state = readState(channel.records, emitted);
    const view = page();
    const now = Date.now();
    for (const [panel, { body, stamp }] of targets) {
      stamp?.(now);
      const node = panel.render(state, view);
      const text = (node as Element).outerHTML ?? node.textContent ?? '';
      if (rendered.get(panel) === text) continue;
      rendered.set(panel, text);
      body.replaceChildren(node);
    }
  });
  const targets = new Map<Panel, Target>(
    [...contents].map(([panel, content]) => [
      panel,
      panel.readsNow ? readNowTarget(panel, content, render) : { body: content },
    ]),
  );
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
  render();
  return () => {
    stopChannel();
    stopTracker?.();
    clearTimeout(timer);
  };
}
