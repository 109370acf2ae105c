// One card of `<svc-recommendations>`: the shop's `<template>` cloned for an item and filled
// through its bindings. Product data only ever reaches the DOM as text (`textContent`) of an HTML
// text element or as an http(s) or relative URL in the `href` of an HTML link or the `src` of an
// HTML image or media element: an allow-list, so no namespace (SVG, MathML) and no element where text
// becomes code (script, style, iframe `srcdoc`, SVG `<foreignObject>`, `<animate>`, `<set>`) is
// ever written. A binding anywhere else is refused: left unfilled, and said once on the console.
//
//   <a data-svc-href="url"><img data-svc-src="image_url"><span data-svc-field="name"></span></a>

import { isObject } from '@svc/core';
import type { Recommendation } from './types';

/** Where a URL binding may write: its attribute, and the HTML elements that may carry it. */
const URL_BINDINGS = [
  ['svcHref', 'href', ['A', 'AREA']],
  ['svcSrc', 'src', ['IMG', 'SOURCE', 'VIDEO', 'AUDIO']],
] as const;

/** The HTML elements whose text a `data-svc-field` may write: text and its containers, nothing that runs or styles. */
const TEXT_ELEMENTS = new Set(
  (
    'A ABBR B BDI BDO BUTTON CAPTION CITE CODE DATA DD DEL DFN DIV DT EM FIGCAPTION H1 H2 H3 H4 H5 H6 I INS ' +
    'KBD LABEL LEGEND LI MARK OUTPUT P PRE Q S SAMP SMALL SPAN STRONG SUB SUMMARY SUP TD TH TIME U VAR'
  ).split(' '),
);

const HTML = 'http://www.w3.org/1999/xhtml';

/** Whether `element` and every ancestor in the card are HTML: nothing in an SVG or MathML subtree. */
function isHtmlAllTheWay(element: Element): boolean {
  for (let at: Element | null = element; at; at = at.parentElement) if (at.namespaceURI !== HTML) return false;
  return true;
}

/** Bindings already refused on this page, each said once. */
const refused = new Set<string>();

function refuse(binding: string, element: Element): void {
  const what = `${binding} on <${element.localName}>`;
  if (refused.has(what)) return;
  refused.add(what);
  console.warn(
    `svc: ${what} ignored: product data is written only as text of HTML text elements and as URLs of ` +
      'HTML links, images and media (docs/widgets.md)',
  );
}

/**
 * The value a binding names: `name` or a path `price.value` in `details` (own properties only),
 * else the item's own `id`, `strategy` or `weight`.
 */
export function bindingValue(item: Recommendation, path: string): unknown {
  let value: unknown = item.details;
  for (const key of path.split('.')) value = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  const own = ['id', 'strategy', 'weight'].includes(path) ? item[path as keyof Recommendation] : undefined;
  return value ?? own;
}

/** A value as text: strings and finite numbers as they are, lists of them joined; anything else empty. */
export function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** An http(s) URL, absolute or relative to `base` (the page's), resolved; anything else (`javascript:`, `data:`) undefined. */
export function safeUrl(value: unknown, base = document.baseURI): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A binding of the card's template, read once: the element's place among the card's elements (the card first, then
 * its descendants in document order, the same in every copy), the path it names, what it writes (the text, or a URL
 * attribute), and whether the allow-lists let it. A refused one leaves the text as it is, and removes the attribute.
 */
interface Binding {
  at: number;
  path: string;
  target: 'text' | 'href' | 'src';
  allowed: boolean;
}

/** The bindings of one element of the template (refusals said once). */
function bindingsOf(element: HTMLElement, at: number): Binding[] {
  const bindings: Binding[] = [];
  const { svcField } = element.dataset;
  const html = isHtmlAllTheWay(element);
  if (svcField !== undefined) {
    const allowed = html && TEXT_ELEMENTS.has(element.tagName);
    if (!allowed) refuse('data-svc-field', element);
    bindings.push({ at, path: svcField, target: 'text', allowed });
  }
  for (const [binding, attribute, tags] of URL_BINDINGS) {
    const path = element.dataset[binding];
    if (path === undefined) continue;
    const allowed = html && (tags as readonly string[]).includes(element.tagName);
    if (!allowed) refuse(`data-svc-${attribute}`, element);
    bindings.push({ at, path, target: attribute, allowed });
  }
  return bindings;
}

/** `card` and every element in it: the elements bindings may be on, in an order every copy of it shares. */
const elementsOf = (card: Element) => [card, ...card.querySelectorAll('*')] as HTMLElement[];

/**
 * The maker of cards from the template's `card` element: its bindings are read once (SVG and MathML elements
 * included: they have a `dataset` too), then each card is the element cloned, its bindings filled for an item, and
 * marked `data-svc-item` with the item's id (the next answer is compared with it).
 */
export function cardMaker(card: Element): (item: Recommendation) => HTMLElement {
  const bindings = elementsOf(card).flatMap((element, at) => (element.dataset ? bindingsOf(element, at) : []));
  const base = document.baseURI;
  return (item) => {
    const copy = document.importNode(card, true) as HTMLElement;
    const elements = elementsOf(copy);
    for (const { at, path, target, allowed } of bindings) {
      const element = elements[at];
      if (target === 'text') {
        if (allowed) element.textContent = textOf(bindingValue(item, path));
        continue;
      }
      const url = allowed ? safeUrl(bindingValue(item, path), base) : undefined;
      if (url === undefined) element.removeAttribute(target);
      else element.setAttribute(target, url);
    }
    copy.dataset.svcItem = item.id;
    return copy;
  };
}
