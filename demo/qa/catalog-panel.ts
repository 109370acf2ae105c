// Loads products into the shop and the platform's feed (platform.admin.recommend.loadFeed), for
// QA to try unusual data: long names, missing fields, markup in names (rendered as text).

import type { FeedProduct } from '../../src/mock/platform/recommend/types';
import { el } from '../dom';
import { navigate } from '../router';
import { addProducts, locales } from '../shop/catalog';
import { button, panel, run } from './panel';

const example = (locale: string) =>
  JSON.stringify(
    [
      {
        id: 'qa-markup-1',
        categories: ['QA'],
        brand: 'QA',
        locales: {
          [locale]: {
            name: 'Mug <img src=x onerror=alert(1)> & <b>bold</b>',
            description: '<script>alert(2)</script> must show as text',
            unit_price: 9.5,
            currency: locale.split('-')[1] ?? 'GBP',
            stock: 3,
            image_url: '/images/qa-markup-1.svg',
          },
        },
      },
    ],
    null,
    2,
  );

/** Checks a feed: an array of products with a string `id` and a `locales` object. */
function parseFeed(text: string): FeedProduct[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new TypeError('the feed must be a JSON array of products');
  for (const [i, p] of value.entries()) {
    if (typeof p?.id !== 'string' || !p.id) throw new TypeError(`feed[${i}].id must be a non-empty string`);
    if (typeof p.locales !== 'object' || p.locales === null || Array.isArray(p.locales))
      throw new TypeError(`feed[${i}].locales must be an object of locale -> details`);
  }
  return value as FeedProduct[];
}

export function catalogPanel(): HTMLElement {
  const textarea = el('textarea', {
    name: 'feed',
    rows: 8,
    spellcheck: 'false',
    'aria-label': 'Feed (JSON array of products)',
  });
  textarea.value = example(locales()[0] ?? 'en-GBP');
  const out = el('pre', { tabindex: 0, class: 'output', 'data-output': 'catalog' });
  return panel(
    'catalog',
    'Catalog feed',
    el(
      'p',
      { class: 'muted' },
      'Products (FeedProduct JSON) sent to the platform with admin.recommend.loadFeed and added to the shop.',
    ),
    textarea,
    el(
      'div',
      { class: 'buttons' },
      button(
        'Load feed',
        () =>
          run(out, () => {
            const products = parseFeed(textarea.value);
            addProducts(products);
            return `Loaded ${products.length} product(s): ${products.map((p) => p.id).join(', ')}`;
          }),
        { 'data-action': 'load-feed' },
      ),
      button(
        'Open first product',
        () => {
          const first = parseFeed(textarea.value)[0];
          if (first) navigate(`/product/${encodeURIComponent(first.id)}`);
        },
        { 'data-action': 'open-product' },
      ),
    ),
    out,
  );
}
