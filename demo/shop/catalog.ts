// The shop's product catalog: the same product feed the mock platform holds for `demo_shop`
// (its fixtures), read through the platform, plus products QA loads from the Catalog panel
// (sent to the platform with `admin.recommend.loadFeed`, as a shop sends its feed).
import type { FeedProduct } from '../../src/mock/platform/recommend/types';
import { platform } from '../platform';

export const TRACKING_ID = 'demo_shop';

/** A product as the storefront shows it, in one locale. Every field is data: rendered as text. */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  /** Sale price when lower than `price`. */
  salePrice?: number;
  currency: string;
  imageUrl: string;
  categories: string[];
  brand: string;
  stock?: number;
}

const feed = new Map<string, FeedProduct>();

/** Fills the shop's catalog from the platform's feed for `demo_shop`. */
export function loadCatalog(): void {
  for (const product of platform.inspect.recommend.feed(TRACKING_ID)) feed.set(product.id, product);
}

const changed = new Set<() => void>();
/** Calls `listener` when products are added (the header's categories and locales follow). */
export const onCatalogChange = (listener: () => void): void => void changed.add(listener);

/** Adds products to the shop and sends them to the platform's feed. */
export function addProducts(products: FeedProduct[]): void {
  platform.admin.recommend.loadFeed(TRACKING_ID, products);
  for (const product of products) feed.set(product.id, product);
  for (const listener of changed) listener();
}

/** The region of each catalog language, for the language tag a browser gives (`navigator.language`). */
const REGION_OF_LANGUAGE: Record<string, string> = {
  en: 'GB',
  de: 'DE',
  fr: 'FR',
  nl: 'NL',
  es: 'ES',
  it: 'IT',
  sv: 'SE',
  da: 'DK',
  pl: 'PL',
};

/** The region-tagged language of a catalog locale, as a browser gives it: `de-EUR` -> `de-DE`. */
export function languageTag(locale: string): string {
  const language = locale.split('-')[0] || 'en';
  return `${language}-${REGION_OF_LANGUAGE[language] ?? language.toUpperCase()}`;
}

/** Locales present in the catalog, most common first. */
export function locales(): string[] {
  const count = new Map<string, number>();
  for (const p of feed.values()) for (const l of Object.keys(p.locales)) count.set(l, (count.get(l) ?? 0) + 1);
  return [...count.entries()].sort((a, b) => b[1] - a[1]).map(([l]) => l);
}

/** The shop's departments: each product's first category, by name. */
export function categories(): string[] {
  const primary = new Set<string>();
  for (const p of feed.values()) if (p.categories?.[0]) primary.add(p.categories[0]);
  return [...primary].sort((a, b) => a.localeCompare(b));
}

const str = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;

/** Reads product details (a feed locale or a recommendation's `details`) into a `Product`. */
export function toProduct(id: string, details: Record<string, unknown>, categoriesOf: string[] = []): Product {
  const price = num(details.unit_price) ?? num(details.price) ?? 0;
  const sale = num(details.unit_sale_price);
  return {
    id,
    name: str(details.name, id),
    description: str(details.description),
    price,
    salePrice: sale !== undefined && sale < price ? sale : undefined,
    currency: str(details.currency),
    imageUrl: imageUrl(id, details.image_url),
    categories: categoriesOf.length ? categoriesOf : [str(details.category)].filter(Boolean),
    brand: str(details.brand),
    stock: num(details.stock),
  };
}

/** Only same-origin images (the CSP allows nothing else); anything else gets the generated one. */
function imageUrl(id: string, given: unknown): string {
  if (typeof given === 'string' && given.startsWith('/') && !given.startsWith('//')) return given;
  return `/images/${encodeURIComponent(id)}.svg`;
}

/** A product in a locale (the locale's details, else the product's first locale). */
export function product(id: string, locale: string): Product | undefined {
  const p = feed.get(id);
  if (!p) return undefined;
  const details = p.locales[locale] ?? Object.values(p.locales)[0] ?? {};
  return toProduct(p.id, details, p.categories ?? []);
}

/** Products of a category, in feed order. */
export function inCategory(category: string, locale: string, limit = 24): Product[] {
  const out: Product[] = [];
  for (const p of feed.values()) {
    if (out.length >= limit) break;
    if (p.categories?.includes(category)) out.push(product(p.id, locale)!);
  }
  return out;
}

/** Formats a price in a currency (falls back to the bare number for an unknown currency code). */
export function formatPrice(value: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale.split('-')[0] || 'en', { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}
