// The declarative mode of svc.min.js: a storefront without a build step marks the container it
// renders a `get()` result into with `data-svc-recommendations`, and each item's element with
// `data-svc-item`; svc.min.js then observes every such element (`observe`), those added later too.
//
//   <ol data-svc-recommendations data-svc-tracking-id="shop" data-svc-experience-id="77">
//     <li data-svc-item='{"id":"p1","strategy":"popular","weight":0.9}'>...</li>
//     <li data-svc-item="p2" data-svc-strategy="popular" data-svc-weight="0.8" data-svc-position="2">...</li>
//   </ol>

import { isObject } from '@svc/core';
import { recommendations } from './client';
import type { Recommendations, ShownItem } from './types';

const CONTAINER = '[data-svc-recommendations]';
const ITEM = '[data-svc-item]';

/** What the container and the item's attributes give. */
interface Declared {
  trackingId: string | undefined;
  experienceId: string | undefined;
  item: ShownItem;
  position: number;
}

/**
 * The item an element names: `data-svc-item` is the item as JSON (an object) or its id, with
 * `data-svc-strategy` and `data-svc-weight`. Malformed JSON throws (a SyntaxError).
 */
export function declaredItem(element: HTMLElement): ShownItem {
  const { svcItem = '', svcStrategy, svcWeight } = element.dataset;
  const parsed: unknown = svcItem.trim().startsWith('{')
    ? JSON.parse(svcItem)
    : { id: svcItem, strategy: svcStrategy, weight: svcWeight };
  return (isObject(parsed) ? parsed : {}) as ShownItem;
}

/**
 * Reads the item of `element` inside `container` (`declaredItem`), and its position:
 * `data-svc-position` or, by default, the element's 1-based place among the container's items.
 */
function declared(element: HTMLElement, container: HTMLElement, trackingId?: string): Declared {
  const { svcPosition } = element.dataset;
  return {
    trackingId: container.dataset.svcTrackingId ?? trackingId,
    experienceId: container.dataset.svcExperienceId,
    item: declaredItem(element),
    position: svcPosition ? +svcPosition : [...container.querySelectorAll(ITEM)].indexOf(element) + 1,
  };
}

/**
 * The observation of declared items: `observe` (re)observes one element as its attribute says now,
 * `forgetRemoved` stops what left the document, `stopAll` stops everything.
 */
function createItemWatch(trackingId: string | undefined) {
  /** One client per tracking id and experience id: the once-per-item rule holds across containers. */
  const clients = new Map<string, Recommendations>();
  /** One item object per client and item: the same item shown once however often it is rendered. */
  const items = new Map<string, ShownItem>();
  /** The observed elements: the attribute they were observed with, and the stop function. */
  const observed = new Map<Element, [string, () => void]>();

  const observe = (element: HTMLElement) => {
    const container = element.closest<HTMLElement>(CONTAINER);
    const attribute = element.dataset.svcItem;
    const previous = observed.get(element);
    if (previous?.[0] === attribute) return;
    previous?.[1]();
    observed.delete(element);
    if (!container || attribute === undefined) return;
    try {
      const found = declared(element, container, trackingId);
      const key = `${found.trackingId}\n${found.experienceId}`;
      let client = clients.get(key);
      if (!client) {
        client = recommendations({ meta: { trackingId: found.trackingId, experienceId: found.experienceId } });
        clients.set(key, client);
      }
      const itemKey = JSON.stringify([key, found.item.id, found.item.strategy, found.item.weight]);
      const item = items.get(itemKey) ?? found.item;
      items.set(itemKey, item);
      const stop = client.observe(element, item, found.position);
      observed.set(element, [attribute, stop]);
    } catch (error) {
      console.warn(`svc: data-svc-item ignored: ${(error as Error).message}`, element);
    }
  };
  return {
    observe,
    /** Elements that left the document stop by themselves (observe); forgets them here too. */
    forgetRemoved() {
      for (const [element, [, stop]] of observed) {
        if (!element.isConnected) {
          stop();
          observed.delete(element);
        }
      }
    },
    stopAll() {
      for (const [, stop] of observed.values()) stop();
      observed.clear();
    },
  };
}

/**
 * Observes the `data-svc-item` elements inside `data-svc-recommendations` containers of
 * `document`, from when it is parsed (now, or at `DOMContentLoaded`) and as they are added or
 * their `data-svc-item` changes. `trackingId` is the default of containers without
 * `data-svc-tracking-id`. A malformed item is said on the console and skipped. Returns the
 * function that stops it (and every observation it started).
 */
export function observeDeclared(trackingId?: string): () => void {
  const watch = createItemWatch(trackingId);
  const scan = (node: Node) => {
    if (!(node instanceof HTMLElement) || !node.isConnected) return;
    if (node.matches(ITEM)) watch.observe(node);
    node.querySelectorAll<HTMLElement>(ITEM).forEach(watch.observe);
  };
  const mutations = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') watch.observe(record.target as HTMLElement);
      else record.addedNodes.forEach(scan);
    }
    watch.forgetRemoved();
  });
  // While the parser builds the document, every element it adds would be a mutation to look
  // through: the document is read in one pass once parsed (DOMContentLoaded), then watched.
  const start = () => {
    mutations.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-svc-item'],
    });
    scan(document.documentElement);
  };
  const parsed = new AbortController();
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', start, { once: true, signal: parsed.signal });
  else start();
  return () => {
    parsed.abort();
    mutations.disconnect();
    watch.stopAll();
  };
}
