// The catalog of one property: products by integer index (indexes elsewhere are typed arrays
// over these indexes), details per locale, categories, brand, SKU and the date each was added.
// Filled by product feeds and by the products that tracking events carry.

/** Details of a product in one locale, as the response's `details` and rules' `rec` see them. */
export type Details = Record<string, unknown>;

export interface Product {
  id: string;
  sku?: string;
  categories: string[];
  brand?: string;
  /** Epoch ms the product joined the catalog. */
  addedAt: number;
  /** `<language>-<CURRENCY>` → details (null-prototype objects). */
  locales: Map<string, Details>;
}

/** `<language>-<CURRENCY>`, e.g. `en-GBP` (docs/protocol-decisions.md). */
export const LOCALE_PATTERN = /^[a-z]{2,3}-[A-Z]{3}$/;

/** Copies plain data into a null-prototype object, dropping `__proto__` so no prototype is reached. */
export function cleanRecord(source: Record<string, unknown>): Details {
  const out: Details = Object.create(null);
  for (const [key, value] of Object.entries(source)) if (key !== '__proto__' && value !== undefined) out[key] = value;
  return out;
}

export class Catalog {
  readonly products: Product[] = [];
  private readonly byId = new Map<string, number>();
  private readonly bySku = new Map<string, number>();
  /** How many products have details in each locale (the default locale is the most common). */
  private readonly localeCounts = new Map<string, number>();

  get size(): number {
    return this.products.length;
  }

  /** Index of a product id, or of a SKU when no product has that id. */
  find(idOrSku: string): number | undefined {
    return this.byId.get(idOrSku) ?? this.bySku.get(idOrSku);
  }

  /** Index of a product id, adding an empty product (added at `at`) when it is new. */
  ensure(id: string, at: number): number {
    let index = this.byId.get(id);
    if (index === undefined) {
      index = this.products.length;
      this.products.push({ id, categories: [], addedAt: at, locales: new Map() });
      this.byId.set(id, index);
    }
    return index;
  }

  setSku(index: number, sku: string): void {
    const product = this.products[index];
    if (product.sku === sku) return;
    if (product.sku !== undefined && this.bySku.get(product.sku) === index) this.bySku.delete(product.sku);
    product.sku = sku;
    this.bySku.set(sku, index);
  }

  /** Replaces (`merge` false) or updates (`merge` true) the details of a product in one locale. */
  setDetails(index: number, locale: string, details: Details, merge: boolean): void {
    const locales = this.products[index].locales;
    const existing = locales.get(locale);
    if (!existing) this.localeCounts.set(locale, (this.localeCounts.get(locale) ?? 0) + 1);
    locales.set(locale, merge && existing ? Object.assign(existing, details) : details);
  }

  /** Drops every locale of a product (a feed row replaces them all). */
  clearLocales(index: number): void {
    for (const locale of this.products[index].locales.keys())
      this.localeCounts.set(locale, (this.localeCounts.get(locale) ?? 1) - 1);
    this.products[index].locales.clear();
  }

  /** True when some product has details in `locale` (exactly: callers normalise it with core's `normalizeLocale`). */
  hasLocale(locale: string | undefined): boolean {
    return locale !== undefined && (this.localeCounts.get(locale) ?? 0) > 0;
  }

  /** The most common locale among products (ties: alphabetical), undefined for an empty catalog. */
  defaultLocale(): string | undefined {
    let best: string | undefined;
    let bestCount = 0;
    for (const [locale, count] of this.localeCounts) {
      if (count > bestCount || (count === bestCount && count > 0 && best !== undefined && locale < best)) {
        best = locale;
        bestCount = count;
      }
    }
    return best;
  }

  /**
   * The details returned for a product: the requested locale, else the default locale, else the
   * product's first locale; product-level fields (id, sku_code, category, subcategory, brand) underneath.
   */
  details(index: number, locale: string | undefined, fallback: string | undefined): Details {
    const product = this.products[index];
    const out: Details = Object.create(null);
    out.id = product.id;
    if (product.sku !== undefined) out.sku_code = product.sku;
    if (product.categories[0] !== undefined) out.category = product.categories[0];
    if (product.categories[1] !== undefined) out.subcategory = product.categories[1];
    if (product.brand !== undefined) out.brand = product.brand;
    const chosen =
      (locale !== undefined ? product.locales.get(locale) : undefined) ??
      (fallback !== undefined ? product.locales.get(fallback) : undefined) ??
      product.locales.values().next().value;
    if (chosen) Object.assign(out, chosen);
    out.id = product.id;
    return out;
  }

  /**
   * What rules see of a product as `rec` or `seed`: its details plus `categories`, `sku_id` and
   * `price` (the sale price when there is one, else the unit price).
   */
  ruleView(index: number, locale: string | undefined, fallback: string | undefined): Details {
    const product = this.products[index];
    const view = this.details(index, locale, fallback);
    view.categories = product.categories;
    if (product.sku !== undefined) view.sku_id = product.sku;
    if (view.price === undefined) view.price = view.unit_sale_price ?? view.unit_price;
    return view;
  }
}
