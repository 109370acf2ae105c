// The storefront's tracking: every page view and shopping action becomes a tracking event of
// PROTOCOL.md's table, emitted through the page's tracker (window.svc.tracker). The mock's
// engine learns from them, so recommendations change as QA browses.
import { tracker } from '../sdk';
import { languageTag, type Product } from './catalog';

/** Page types of `ecView`. */
export type PageType = 'home' | 'category' | 'product' | 'basket' | 'checkout' | 'confirmation';

const refused: ((type: string, error: unknown) => void)[] = [];
/** Called when the tracker refuses an event (INVALID_ARGUMENT), for the event log. */
export const onRefused = (listener: (type: string, error: unknown) => void): void => void refused.push(listener);

export function emit(type: string, data: Record<string, unknown>): void {
  const t = tracker();
  if (!t) return;
  try {
    t.emit(type, data);
  } catch (error) {
    for (const listener of refused) listener(type, error);
  }
}

/** `ecView` as a browser storefront sends it: the region-tagged language (`de-DE`, from `navigator.language`) and the currency. */
export function view(type: PageType, locale: string): void {
  const language = languageTag(locale);
  emit('ecView', { type, language, country: language.split('-')[1], currency: locale.split('-')[1] || 'GBP' });
}

/** The `product` object of tracking events. */
export function productData(p: Product): Record<string, unknown> {
  return {
    productId: p.id,
    name: p.name,
    categories: p.categories,
    price: { value: p.salePrice ?? p.price, currency: p.currency },
    url: `${location.origin}/product/${encodeURIComponent(p.id)}`,
    imageUrl: new URL(p.imageUrl, location.origin).href,
    ...(p.stock !== undefined ? { stock: p.stock } : {}),
  };
}
