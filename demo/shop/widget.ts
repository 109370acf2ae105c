// A recommendations widget of the storefront: one `get()`, the items rendered as text, each item
// given to `observe()`, which sends `shown` once it is a viewable impression and `clicked` when it
// is followed (the position is inferred from the result). Errors show their stable code.

import type { ImpressionDetail, Rule, Seed } from '../../src/recommendations';
import { describeError, el } from '../dom';
import { type Recommendation, type RecommendationsClient, sdk, tracker } from '../sdk';
import { formatPrice, TRACKING_ID, toProduct } from './catalog';

export interface WidgetOptions {
  title: string;
  strategy: string;
  /** Product id(s) or a category seed; default `all`. */
  seed?: Seed;
  locale: string;
}

/** Settings QA applies to every storefront widget (the Recommendations panel). */
export const widgetSettings = { limit: 6, timeout: 0, rules: undefined as Rule[] | undefined };

const listeners = new Set<(event: { strategy: string; action: 'shown' | 'clicked'; item: Recommendation }) => void>();
/** For the QA panels: a widget reported an item shown or clicked. */
export const onWidgetEvent = (
  listener: (event: { strategy: string; action: 'shown' | 'clicked'; item: Recommendation }) => void,
): void => void listeners.add(listener);

export function widget(options: WidgetOptions): HTMLElement {
  const list = el('ol', { class: 'recs-items' });
  const status = el('p', { class: 'recs-status' }, 'Loading recommendations…');
  const section = el(
    'section',
    { class: 'recs', 'data-strategy': options.strategy, 'data-state': 'loading' },
    el('h3', {}, options.title, ' ', el('code', {}, options.strategy)),
    status,
    list,
  );
  void load(options, section, status, list);
  return section;
}

async function load(
  options: WidgetOptions,
  section: HTMLElement,
  status: HTMLElement,
  list: HTMLElement,
): Promise<void> {
  const factory = sdk('recommendations');
  if (!factory) {
    section.dataset.state = 'error';
    status.textContent = 'window.svc.recommendations is not in this build of svc.min.js.';
    return;
  }
  let client: RecommendationsClient;
  let items: Recommendation[];
  try {
    client = factory({ meta: { trackingId: TRACKING_ID, visitorId: tracker()?.visitorId } });
    items = await client.get({
      strategy: options.strategy,
      seed: options.seed ?? 'all',
      // No locale: the client takes it from the page's ecView (`de-DE` + `EUR` -> `de-EUR`).
      limit: widgetSettings.limit,
      timeout: widgetSettings.timeout,
      ...(widgetSettings.rules?.length ? { rules: widgetSettings.rules } : {}),
    });
  } catch (error) {
    section.dataset.state = 'error';
    section.dataset.code = (error as { code?: string }).code ?? 'ERROR';
    status.textContent = `No recommendations: ${describeError(error)}`;
    return;
  }
  status.textContent = '';
  section.dataset.state = 'ready';
  items.forEach((item) => {
    const p = toProduct(item.id, item.details);
    const price = p.salePrice ?? p.price;
    const link = el(
      'a',
      { href: `/product/${encodeURIComponent(item.id)}`, 'data-route': true, class: 'rec' },
      el('img', { src: p.imageUrl, alt: '', width: 96, height: 96, loading: 'lazy' }),
      el('span', { class: 'name' }, p.name),
      el('span', { class: 'price' }, formatPrice(price, p.currency, options.locale)),
      el('small', { class: 'by' }, item.strategy),
    );
    const li = el('li', { 'data-id': item.id }, link);
    // The SDK's impression states, for the QA panels (`shown` and `clicked` as they happen).
    li.addEventListener('svc-impression', (event) => {
      const { state } = (event as CustomEvent<ImpressionDetail>).detail;
      if (state === 'shown' || state === 'clicked')
        for (const listener of listeners) listener({ strategy: options.strategy, action: state, item });
    });
    list.append(li);
    try {
      client.observe(li, item);
    } catch (error) {
      // A refused item must not break the storefront; the console says why.
      console.warn(describeError(error));
    }
  });
}

/** The card template of the markup widgets: the product's image and name, then `extra`. */
function cardTemplate(...extra: Node[]): HTMLTemplateElement {
  const template = el('template');
  template.content.append(
    el(
      'a',
      { class: 'rec', 'data-route': true, 'data-svc-href': 'url' },
      el('img', { 'data-svc-src': 'image_url', alt: '', width: 96, height: 96, loading: 'lazy' }),
      el('span', { class: 'name', 'data-svc-field': 'name' }),
      ...extra,
    ),
  );
  return template;
}

/**
 * The same widget written in markup only: `<svc-recommendations>` of svc.min.js asks, fills the
 * `<template>` card for each item (text and checked URLs), and observes each card. The demo only
 * mirrors its state into the section for the QA panels and says why when it has nothing to show.
 */
export function markupWidget(options: Pick<WidgetOptions, 'title' | 'strategy'>): HTMLElement {
  const template = cardTemplate(el('small', { class: 'by', 'data-svc-field': 'strategy' }));
  const element = el(
    'svc-recommendations',
    { class: 'recs-items', strategy: options.strategy, limit: widgetSettings.limit, 'tracking-id': TRACKING_ID },
    template,
  );
  const status = el('p', { class: 'recs-status' }, 'Loading recommendations…');
  const section = el(
    'section',
    { class: 'recs recs-markup', 'data-strategy': options.strategy, 'data-state': 'loading' },
    el('h3', {}, options.title, ' ', el('code', {}, `<svc-recommendations strategy="${options.strategy}">`)),
    status,
    element,
  );
  element.addEventListener('svc-ready', () => {
    section.dataset.state = 'ready';
    status.textContent = '';
  });
  element.addEventListener('svc-error', (event) => {
    const { error } = (event as CustomEvent<{ error: unknown }>).detail;
    section.dataset.state = 'error';
    status.textContent = `No recommendations: ${describeError(error)}`;
  });
  return section;
}

/**
 * A carousel written in markup only: `<svc-recommendations layout="carousel">` with a header and a
 * loading placeholder of the row's height, leaving out the product on the page (`exclude`).
 */
export function carouselWidget(options: { title: string; strategy: string; seed: string }): HTMLElement {
  const header = el('template', { 'data-svc-slot': 'header' });
  header.content.append(el('h3', {}, options.title));
  const loading = el('template', { 'data-svc-slot': 'loading' });
  loading.content.append(el('div', { class: 'carousel-placeholder', 'aria-busy': 'true' }));
  const empty = el('template', { 'data-svc-slot': 'empty' });
  empty.content.append(el('p', { class: 'muted carousel-placeholder' }, 'No suggestions yet.'));
  const card = cardTemplate();
  return el(
    'svc-recommendations',
    {
      class: 'recs-carousel',
      layout: 'carousel',
      label: options.title,
      strategy: options.strategy,
      seed: options.seed,
      exclude: options.seed,
      limit: 8,
      'tracking-id': TRACKING_ID,
    },
    header,
    loading,
    empty,
    card,
  );
}
