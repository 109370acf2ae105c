// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardMaker } from '../../src/recommendations/card';
import type { Recommendation } from '../../src/recommendations/types';

// What a binding may write: the allow-list of card.ts. Product data never becomes script or style,
// in the HTML, SVG or MathML namespace; a refused binding is left unfilled and said once.
const item = {
  id: 'p1',
  weight: 1,
  strategy: 'popular',
  details: { name: 'alert(document.domain)', url: 'https://shop.example/p1', css: 'body{display:none}' },
} as Recommendation;

/** The card of `markup` (the template's first element) filled for `item`. */
function card(markup: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return cardMaker(template.content.firstElementChild!)(item);
}

afterEach(() => vi.restoreAllMocks());

describe('bindings write only where text stays text', () => {
  it('HTML text elements get the text; links and images their checked URL', () => {
    const filled = card('<a data-svc-href="url"><span data-svc-field="name"></span><h3 data-svc-field="id"></h3></a>');
    expect(filled.querySelector('span')!.textContent).toBe('alert(document.domain)');
    expect(filled.querySelector('h3')!.textContent).toBe('p1');
    expect(filled.getAttribute('href')).toBe('https://shop.example/p1');
  });

  it.each([
    ['an HTML script', '<div><script data-svc-field="name"></script></div>', 'script'],
    ['an HTML style', '<div><style data-svc-field="css"></style></div>', 'style'],
    ['an SVG script', '<div><svg><script data-svc-field="name"></script></svg></div>', 'script'],
    ['an SVG style', '<div><svg><style data-svc-field="css"></style></svg></div>', 'style'],
    ['SVG text', '<div><svg><text data-svc-field="name"></text></svg></div>', 'text'],
    [
      'HTML inside an SVG foreignObject',
      '<div><svg><foreignObject><div data-svc-field="name"></div></foreignObject></svg></div>',
      'foreignObject div',
    ],
    ['MathML', '<div><math><mtext data-svc-field="name"></mtext></math></div>', 'mtext'],
    ['an iframe', '<div><iframe data-svc-field="name"></iframe></div>', 'iframe'],
    ['a textarea', '<div><textarea data-svc-field="name"></textarea></div>', 'textarea'],
  ])('%s gets nothing', (_what, markup, selector) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const filled = card(markup);
    expect(filled.querySelector(selector)!.textContent).toBe('');
    expect(filled.textContent).not.toContain('alert');
    expect(filled.textContent).not.toContain('display');
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1); // said once per kind of element and page
  });

  it.each([
    ['an SVG link', '<div><svg><a data-svc-href="url"><text>x</text></a></svg></div>', 'a'],
    [
      'an SVG animate of href',
      '<div><svg><a><animate attributeName="href" data-svc-href="url"></animate></a></svg></div>',
      'animate',
    ],
    ['an SVG set of href', '<div><svg><a><set attributeName="href" data-svc-href="url"></set></a></svg></div>', 'set'],
    ['an SVG image', '<div><svg><image data-svc-src="url"></image></svg></div>', 'image'],
    ['an iframe src', '<div><iframe data-svc-src="url"></iframe></div>', 'iframe'],
    ['a script src', '<div><script data-svc-src="url"></script></div>', 'script'],
  ])('a URL on %s is not written', (_what, markup, selector) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const element = card(markup).querySelector(selector)!;
    expect(element.getAttribute('href')).toBeNull();
    expect(element.getAttribute('src')).toBeNull();
    expect(element.getAttribute('to')).toBeNull();
  });

  it('a refused binding is said once on the console, however many cards', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let i = 0; i < 3; i++) card('<div><svg><desc data-svc-field="id"></desc></svg></div>');
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      'svc: data-svc-field on <desc> ignored: product data is written only as text of HTML text elements and as ' +
        'URLs of HTML links, images and media (docs/widgets.md)',
    ]);
  });
});
