// One card of `<svc-recommendations>`: the shop's `<template>` cloned for an item and filled
// through its bindings. Product data only ever reaches the DOM as text (`textContent`) or as an
// http(s) or relative URL in `href` / `src`; never as HTML, never into a script or a style.
//
//   <a data-svc-href="url"><img data-svc-src="image_url"><span data-svc-field="name"></span></a>

import { isObject } from '@svc/core';
import type { Recommendation } from './types';

/** Where a URL binding may write: its attribute, and the elements that may carry it. */
const URL_BINDINGS = [
  ['svcHref', 'href', ['A', 'AREA']],
  ['svcSrc', 'src', ['IMG', 'SOURCE', 'VIDEO', 'AUDIO']],
] as const;

/** Elements whose text is code or style: a text binding never writes into them. */
const NOT_TEXT = ['SCRIPT', 'STYLE'];

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

/** Fills the bindings of one element. */
function bind(element: HTMLElement, item: Recommendation): void {
  const { svcField } = element.dataset;
  if (svcField !== undefined && !NOT_TEXT.includes(element.tagName))
    element.textContent = textOf(bindingValue(item, svcField));
  for (const [binding, attribute, tags] of URL_BINDINGS) {
    const path = element.dataset[binding];
    if (path === undefined) continue;
    const url = (tags as readonly string[]).includes(element.tagName) ? safeUrl(bindingValue(item, path)) : undefined;
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
  for (const element of [copy, ...copy.querySelectorAll<HTMLElement>('*')]) bind(element, item);
  copy.dataset.svcItem = item.id;
  return copy;
}
