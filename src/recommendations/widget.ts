// `<svc-recommendations>`: a recommendations widget written in markup. Its attributes are the
// options of `get`, its `<template>` child the shop's card; each card is observed (`observe`). No
// shadow DOM: the shop's CSS styles the cards. No inline script or style: it works under a strict
// CSP and Trusted Types (product data is only ever text or a checked URL, see ./card.ts).
//
//   <svc-recommendations strategy="popular" limit="4">
//     <template><a data-svc-href="url"><span data-svc-field="name"></span></a></template>
//   </svc-recommendations>
//
// Beside the card's template, optional ones for each state, `<template data-svc-slot="header">`
// (shown with items only), `"loading"`, `"empty"` and `"error"` (its elements get the error's code
// in `data-svc-code`): the shop's own markup, cloned as it is, product data never in it.

import { invalid, NoRecommendationsError, type SvcError } from '@svc/core';
import { cardMaker } from './card';
import { type Carousel, createCarousel } from './carousel';
import { recommendations } from './client';
import { declaredItem } from './declarative';
import { configToAsk, type ItemTransforms, itemsToShow } from './transform';
import type { Recommendation, RecommendationList, Recommendations, RecommendationsConfig } from './types';

/** The element's tag name. */
export const ELEMENT_NAME = 'svc-recommendations';

/** The attributes read (a change of any of them asks again). */
export const ELEMENT_ATTRIBUTES = [
  'strategy',
  'seed',
  'limit',
  'locale',
  'experience-id',
  'tracking-id',
  'exclude',
] as const;

/** What the `state` attribute says: `empty` is `NO_RECOMMENDATIONS`, `error` any other failure (its code in `code`). */
export type ElementState = 'loading' | 'ready' | 'empty' | 'error';

/** `detail` of the `svc-ready` event. */
export interface ReadyDetail {
  items: RecommendationList;
}

/** `detail` of the `svc-items` event: a listener may replace `items`, the list about to be rendered. */
export interface ItemsDetail {
  items: Recommendation[];
}

/** `detail` of the `svc-error` event (also sent for `empty`, with `NO_RECOMMENDATIONS`). */
export interface ErrorDetail {
  error: SvcError;
}

/** Defaults of every `<svc-recommendations>` of the page. */
export interface ElementDefaults {
  /**
   * Tracking id of an element without `tracking-id`. In svc.min.js, without it, the script tag's `data-tracking-id`
   * is used.
   * @default undefined
   */
  trackingId?: string;
}

const defaults: ElementDefaults = {};

/** `seed="p1"`, `seed="p1,p2"` (a list), `seed="category:shoes"` (a category). */
function seedOf(value: string): RecommendationsConfig['seed'] {
  if (value.startsWith('category:')) return { category: value.slice('category:'.length) };
  const ids = value.split(',').map((id) => id.trim());
  return ids.length > 1 ? ids : value;
}

/**
 * The `get` config the attributes give; absent ones are `undefined` (the defaults of `get`). A
 * `limit` that is no decimal numeral is passed as written, so that `get` refuses it by its value.
 */
function configOf(element: Element): RecommendationsConfig {
  const attribute = (name: string) => element.getAttribute(name) ?? undefined;
  const limit = attribute('limit');
  const seed = attribute('seed');
  return {
    strategy: attribute('strategy'),
    seed: seed === undefined ? undefined : seedOf(seed),
    limit: limit !== undefined && /^\s*\d+\s*$/.test(limit) ? Number(limit) : (limit as unknown as number),
    locale: attribute('locale'),
  };
}

/** Elements carrying an item: server-rendered cards, or the ones the element rendered. */
const cardsOf = (element: Element) =>
  [...element.children].filter((child): child is HTMLElement => child.hasAttribute('data-svc-item'));

/** Whether the `cards` show `items`, in order (by id, and by strategy where a card names one). */
const showsItems = (cards: HTMLElement[], items: Recommendation[]) =>
  cards.length === items.length &&
  cards.every(
    ({ dataset }, i) =>
      dataset.svcItem === items[i].id && (dataset.svcStrategy ?? items[i].strategy) === items[i].strategy,
  );

/** The cards of `items` in `element`: the ones there when they show them already, else new ones from `card`. */
function renderCards(element: Element, items: Recommendation[], card: Element | undefined): HTMLElement[] {
  const cards = cardsOf(element);
  if (showsItems(cards, items)) return cards;
  for (const old of cards) old.remove();
  if (!items.length) return [];
  const fresh = items.map(cardMaker(card as Element));
  element.append(...fresh);
  return fresh;
}

/** Sets `state` (and `code`), and sends `svc-ready` (with the items) or `svc-error` for a settled state. */
function settle(element: HTMLElement, state: ElementState, outcome?: ReadyDetail | ErrorDetail): void {
  const error = outcome && 'error' in outcome ? outcome.error : undefined;
  element.setAttribute('state', state);
  if (error?.code) element.setAttribute('code', error.code);
  else element.removeAttribute('code');
  showSlot(element, SLOT_OF[state], error?.code);
  if (outcome)
    element.dispatchEvent(new CustomEvent(error ? 'svc-error' : 'svc-ready', { bubbles: true, detail: outcome }));
}

/** The templates of the element's states: each one's content is shown while the element is in it. */
type Slot = 'header' | 'loading' | 'empty' | 'error';

/** The slot an element state shows: the header with items. */
const SLOT_OF: Record<ElementState, Slot> = { ready: 'header', loading: 'loading', empty: 'empty', error: 'error' };

/**
 * Shows the content of the template of `slot` (its elements, marked `data-svc-slotted`) in place
 * of the previous slot's, the header before everything else; nothing without such a template. An
 * error's `code` goes on each element as `data-svc-code`. What shows already stays as it is.
 */
function showSlot(element: Element, slot: Slot, code?: string): void {
  const shown = [...element.querySelectorAll<HTMLElement>(':scope > [data-svc-slotted]')];
  if (shown.length && shown.every((node) => node.dataset.svcSlotted === slot && node.dataset.svcCode === code)) return;
  for (const node of shown) node.remove();
  const template = element.querySelector<HTMLTemplateElement>(`:scope > template[data-svc-slot="${slot}"]`);
  if (!template) return;
  const nodes = [...(template.content.cloneNode(true) as DocumentFragment).children] as HTMLElement[];
  for (const node of nodes) {
    node.dataset.svcSlotted = slot;
    if (code) node.dataset.svcCode = code;
  }
  if (slot === 'header') element.prepend(...nodes);
  else element.append(...nodes);
}

/** The template's card element (the template without `data-svc-slot`), or `INVALID_ARGUMENT` naming `template`. */
function cardOf(element: Element): Element {
  const card = element.querySelector<HTMLTemplateElement>(':scope > template:not([data-svc-slot])')?.content
    .firstElementChild;
  return card ?? invalid('template', undefined, `must be a <template> child of <${ELEMENT_NAME}> holding the card`);
}

/** In Node (server rendering) there is no `HTMLElement`: the class is then defined but never used. */
const ElementBase = typeof HTMLElement === 'undefined' ? (class {} as typeof HTMLElement) : HTMLElement;

/** The `<svc-recommendations>` element: `items` is the latest answer shown. */
export class SvcRecommendationsElement extends ElementBase {
  static observedAttributes = ELEMENT_ATTRIBUTES;
  /** The latest `get` answer shown. */
  items: RecommendationList | undefined;
  /**
   * Replaces the list to render, after the `exclude` attribute's ids are left out (see
   * `ItemTransforms.transformItems`); set it before the element asks, or change an attribute to
   * ask again. The `svc-items` event does the same from a listener.
   */
  transformItems: ItemTransforms['transformItems'];
  #client: [key: string, client: Recommendations] | undefined;
  #stops: (() => void)[] = [];
  /** Counts refreshes: an answer that is not the latest one's is dropped. */
  #run = 0;
  #scheduled = false;
  /** Whether the element has shown something yet: its first refresh may adopt server-rendered cards. */
  #started = false;
  /** The carousel of `layout="carousel"`, made when cards first go in. */
  #carousel: Carousel | undefined;

  /**
   * Inserted (or moved): asks, after the page is parsed. While it is parsed, the loading template
   * shows as soon as the parser has added it, so that the row's space is held from the first paint.
   */
  connectedCallback() {
    if (document.readyState === 'loading' && !this.#started) this.#showLoadingWhileParsed();
    this.#schedule();
  }

  #showLoadingWhileParsed() {
    const show = () => {
      if (this.#started || !this.querySelector(':scope > template[data-svc-slot="loading"]')) return false;
      showSlot(this, 'loading');
      return true;
    };
    if (show()) return;
    const watch = new MutationObserver(() => show() && watch.disconnect());
    watch.observe(this, { childList: true });
    document.addEventListener('DOMContentLoaded', () => watch.disconnect(), { once: true });
  }

  /** An option attribute changed: asks again (once for the changes of a task). */
  attributeChangedCallback() {
    if (this.isConnected) this.#schedule();
  }

  /** Removed: every card stops being observed, and an answer on its way is dropped. */
  disconnectedCallback() {
    this.#run++;
    this.#show(undefined, undefined);
  }

  /** One refresh for the changes of this task; while the page is parsed, after it (the template is then there). */
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    const refresh = () => {
      this.#scheduled = false;
      if (this.isConnected) void this.#refresh();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', refresh, { once: true });
    else queueMicrotask(refresh);
  }

  /** The client of the current tracking id and experience id: one per element, so its items are sent once. */
  #clientFor(): Recommendations {
    const trackingId = this.getAttribute('tracking-id') ?? defaults.trackingId;
    const experienceId = this.getAttribute('experience-id') ?? undefined;
    const key = JSON.stringify([trackingId, experienceId]);
    if (this.#client?.[0] !== key) this.#client = [key, recommendations({ meta: { trackingId, experienceId } })];
    return this.#client[1];
  }

  /**
   * Server-rendered cards (children with `data-svc-item`, and an item each): shown as they are,
   * `ready` at once, observed; no request until an attribute changes. False, with nothing left
   * observed, when there are none, when one names no item that `shown` could report (no id or
   * strategy, a weight that is not a number: `observe` refuses it, as in the declarative mode; the
   * element then asks), or when the element has no client (no tracking id: its refresh then says
   * `INVALID_ARGUMENT`).
   */
  #adoptServerCards(): boolean {
    const cards = cardsOf(this);
    if (!cards.length) return false;
    const stops: (() => void)[] = [];
    let items: RecommendationList;
    try {
      items = cards.map((card) => ({ details: {}, ...declaredItem(card) }) as Recommendation);
      const client = this.#clientFor();
      for (const [i, card] of cards.entries()) stops.push(client.observe(card, items[i], i + 1));
    } catch {
      for (const stop of stops) stop();
      return false;
    }
    this.items = items;
    this.#stops = stops;
    const holder = this.#cardHolder();
    if (holder !== this) holder.append(...cards);
    this.#carousel?.update();
    settle(this, 'ready', { items });
    return true;
  }

  /**
   * Where the cards go: the element itself, or with `layout="carousel"` the carousel's track,
   * made the first time (after the templates, so the header comes before it).
   */
  #cardHolder(): HTMLElement {
    if (this.getAttribute('layout') !== 'carousel') return this;
    if (!this.#carousel) {
      this.#carousel = createCarousel(this.getAttribute('label') ?? 'Recommendations');
      this.append(this.#carousel.root);
    }
    return this.#carousel.track;
  }

  async #refresh() {
    const first = !this.#started;
    this.#started = true;
    if (first && this.#adoptServerCards()) return;
    const run = ++this.#run;
    settle(this, 'loading');
    try {
      const card = cardOf(this);
      const client = this.#clientFor();
      const config = configOf(this);
      const transforms = { exclude: this.getAttribute('exclude')?.split(','), transformItems: this.transformItems };
      const answer = await client.get(configToAsk(config, transforms));
      if (run !== this.#run) return;
      const items = this.#itemsToShow(answer, transforms, config.limit);
      this.#show(client, renderCards(this.#cardHolder(), items, card), items);
      this.#carousel?.update();
      settle(this, 'ready', { items });
    } catch (error) {
      if (run !== this.#run) return;
      const empty = (error as SvcError).code === 'NO_RECOMMENDATIONS';
      if (empty) renderCards(this.#cardHolder(), [], undefined);
      this.#carousel?.update();
      this.#show(undefined, undefined);
      settle(this, empty ? 'empty' : 'error', { error: error as SvcError });
    }
  }

  /**
   * The items to render of an answer: `exclude` and `transformItems` applied, at most `limit`,
   * then the `svc-items` event, whose listeners may replace the list. None left is `empty`.
   */
  #itemsToShow(answer: RecommendationList, transforms: ItemTransforms, limit: number | undefined) {
    const detail: ItemsDetail = { items: itemsToShow(answer, transforms, limit) };
    this.dispatchEvent(new CustomEvent('svc-items', { bubbles: true, detail }));
    if (!Array.isArray(detail.items)) invalid('svc-items', detail.items, 'must leave a list of items in detail.items');
    if (!detail.items.length)
      throw new NoRecommendationsError(`recommendations of <${ELEMENT_NAME}> left after exclude`);
    return detail.items as RecommendationList;
  }

  /** Stops observing the cards shown, then observes `cards` for `items` (positions from their places). */
  #show(client: Recommendations | undefined, cards: HTMLElement[] | undefined, items?: RecommendationList) {
    for (const stop of this.#stops.splice(0)) stop();
    this.items = items;
    if (client && cards && items) this.#stops = cards.map((card, i) => client.observe(card, items[i], i + 1));
  }
}

/**
 * Defines `<svc-recommendations>` on this page, once: a later call (another copy of the script, a
 * second import) only updates the `defaults`. Does nothing where there is no `customElements` (Node).
 */
export function defineRecommendationsElement(elementDefaults: ElementDefaults = {}): void {
  Object.assign(defaults, elementDefaults);
  if (typeof customElements === 'undefined' || customElements.get(ELEMENT_NAME)) return;
  customElements.define(ELEMENT_NAME, SvcRecommendationsElement);
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-recommendations': SvcRecommendationsElement;
  }
}
