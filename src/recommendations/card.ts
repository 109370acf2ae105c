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

/** An http(s) URL, absolute or relative to the page, resolved; anything else (`javascript:`, `data:`) undefined. */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const url = new URL(value, document.baseURI);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Fills the bindings of one element, where the allow-lists let it. */
function bind(element: HTMLElement, item: Recommendation): void {
  const { svcField } = element.dataset;
  const html = isHtmlAllTheWay(element);
  if (svcField !== undefined) {
    if (html && TEXT_ELEMENTS.has(element.tagName)) element.textContent = textOf(bindingValue(item, svcField));
    else refuse('data-svc-field', element);
  }
  for (const [binding, attribute, tags] of URL_BINDINGS) {
    const path = element.dataset[binding];
    if (path === undefined) continue;
    const allowed = html && (tags as readonly string[]).includes(element.tagName);
    if (!allowed) refuse(`data-svc-${attribute}`, element);
    const url = allowed ? safeUrl(bindingValue(item, path)) : undefined;
    if (url === undefined) element.removeAttribute(attribute);
    else element.setAttribute(attribute, url);
  }
}

/**
 * A card for `item`: the template's element cloned, its bindings (on it and inside it) filled,
 * and marked `data-svc-item` with the item's id (the next answer is compared with it).
 */
export function fillCard(card: Element, item: Recommendation): HTMLElement {
  const copy = document.importNode(card, true) as HTMLElement;
  // Every element with a binding, SVG and MathML ones included (they have a `dataset` too).
  for (const element of [copy, ...copy.querySelectorAll<HTMLElement>('*')]) if (element.dataset) bind(element, item);
  copy.dataset.svcItem = item.id;
  return copy;
}
