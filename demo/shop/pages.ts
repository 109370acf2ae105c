// The storefront's pages. Each renders from the catalog and the basket, emits its tracking
// events, and places the recommendations the seed's strategy catalog intends for it.
import { el } from '../dom';
import { href, navigate, type Route } from '../router';
import * as basket from './basket';
import { categories, formatPrice, inCategory, type Product, product } from './catalog';
import { emit, productData, view } from './tracking';
import { carouselWidget, markupWidget, widget } from './widget';

const link = (route: Route, ...children: (Node | string)[]) =>
  el('a', { href: href(route), 'data-route': true }, ...children);

function card(p: Product, locale: string): HTMLElement {
  return el(
    'li',
    { class: 'card', 'data-id': p.id },
    link(
      { page: 'product', productId: p.id },
      el('img', { src: p.imageUrl, alt: '', width: 160, height: 160, loading: 'lazy' }),
      el('span', { class: 'name' }, p.name),
    ),
    price(p, locale),
  );
}

function price(p: Product, locale: string): HTMLElement {
  return p.salePrice !== undefined
    ? el(
        'p',
        { class: 'price' },
        el('s', {}, formatPrice(p.price, p.currency, locale)),
        ' ',
        el('strong', {}, formatPrice(p.salePrice, p.currency, locale)),
      )
    : el('p', { class: 'price' }, formatPrice(p.price, p.currency, locale));
}

/** Renders `route` into `page` (the storefront's <main>). */
export function render(route: Route, page: HTMLElement, locale: string): void {
  page.dataset.page = route.page;
  page.replaceChildren(...pages[route.page](route as never, locale));
}

const pages: { [P in Route['page']]: (route: Extract<Route, { page: P }>, locale: string) => Node[] } = {
  home(_route, locale) {
    view('home', locale);
    return [
      el('h2', {}, 'Welcome to the demo shop'),
      el('nav', { class: 'categories' }, ...categories().map((c) => link({ page: 'category', category: c }, c))),
      widget({ title: 'Best sellers', strategy: 'popular', locale }),
      widget({ title: 'Trending now', strategy: 'trending', locale }),
      widget({ title: 'New in', strategy: 'new', locale }),
    ];
  },

  category({ category }, locale) {
    view('category', locale);
    const products = inCategory(category, locale);
    for (const p of products) emit('ecProduct', { eventType: 'listing', product: productData(p) });
    return [
      el('h2', {}, category),
      widget({ title: `Popular in ${category}`, strategy: 'popular', seed: { category }, locale }),
      products.length
        ? el('ul', { class: 'grid' }, ...products.map((p) => card(p, locale)))
        : el('p', {}, 'No product in this category.'),
    ];
  },

  product({ productId }, locale) {
    view('product', locale);
    const p = product(productId, locale);
    if (!p)
      return [el('h2', {}, 'Product not found'), el('p', {}, 'No product has the id ', el('code', {}, productId), '.')];
    emit('ecProduct', { eventType: 'detail', product: productData(p) });
    // Stock 0 cannot be bought; a product without a stock figure is assumed available.
    const available = p.stock === undefined || p.stock > 0;
    const add = el(
      'button',
      { type: 'button', class: 'add', 'data-id': p.id, disabled: !available },
      available ? 'Add to basket' : 'Out of stock',
    );
    add.addEventListener('click', () => {
      if (!available) return;
      basket.add(p.id);
      emit('ecBasketItemAction', { action: 'add', product: productData(p), quantity: 1 });
      navigate(href({ page: 'basket' }));
    });
    return [
      el(
        'article',
        { class: 'product', 'data-id': p.id },
        el('img', { src: p.imageUrl, alt: '', width: 320, height: 320 }),
        el(
          'div',
          {},
          el('h2', { class: 'name' }, p.name),
          p.brand ? el('p', { class: 'brand' }, p.brand) : '',
          price(p, locale),
          el('p', { class: 'description' }, p.description),
          el(
            'p',
            { class: 'stock' },
            p.stock === undefined ? '' : p.stock > 0 ? `${p.stock} in stock` : 'Out of stock',
          ),
          el('p', { class: 'cats' }, ...p.categories.map((c) => link({ page: 'category', category: c }, c))),
          add,
        ),
      ),
      // Markup only: a carousel of <svc-recommendations> (docs/widgets.md), the product itself left out.
      carouselWidget({ title: 'You may also like', strategy: 'popular', seed: p.id }),
      widget({ title: 'Customers also viewed', strategy: 'engagement', seed: p.id, locale }),
      widget({ title: 'Others decided on', strategy: 'conversion', seed: p.id, locale }),
    ];
  },

  basket(_route, locale) {
    view('basket', locale);
    const lines = basket.lines().map((l) => ({ ...l, product: product(l.productId, locale) }));
    if (!lines.length)
      return [
        el('h2', {}, 'Your basket'),
        el('p', { class: 'empty' }, 'Your basket is empty.'),
        widget({ title: 'Best sellers', strategy: 'popular', locale }),
      ];
    const currency = lines.find((l) => l.product)?.product?.currency ?? '';
    const total = lines.reduce(
      (sum, l) => sum + (l.product ? (l.product.salePrice ?? l.product.price) * l.quantity : 0),
      0,
    );
    const order = el('button', { type: 'button', class: 'order' }, 'Place order');
    order.addEventListener('click', () => {
      const transactionId = `order-${Date.now().toString(36)}`;
      for (const l of lines)
        if (l.product)
          emit('ecBasketItemTransaction', {
            transaction: { id: transactionId },
            product: productData(l.product),
            quantity: l.quantity,
          });
      emit('ecBasketTransactionSummary', {
        transaction: { id: transactionId },
        basket: { total: { value: Math.round(total * 100) / 100, currency } },
      });
      sessionStorage.setItem(
        `demo.order.${transactionId}`,
        JSON.stringify(lines.map((l) => ({ productId: l.productId, quantity: l.quantity }))),
      );
      basket.clear();
      navigate(href({ page: 'confirmation', orderId: transactionId }));
    });
    return [
      el('h2', {}, 'Your basket'),
      el(
        'table',
        { class: 'basket' },
        el(
          'thead',
          {},
          el('tr', {}, el('th', {}, 'Product'), el('th', {}, 'Quantity'), el('th', {}, 'Price'), el('th', {}, '')),
        ),
        el(
          'tbody',
          {},
          ...lines.map((l) => {
            const remove = el('button', { type: 'button', class: 'remove' }, 'Remove');
            remove.addEventListener('click', () => {
              basket.remove(l.productId);
              if (l.product)
                emit('ecBasketItemAction', { action: 'remove', product: productData(l.product), quantity: l.quantity });
              render({ page: 'basket' }, document.getElementById('page')!, locale);
            });
            return el(
              'tr',
              { 'data-id': l.productId },
              el('td', {}, l.product ? link({ page: 'product', productId: l.productId }, l.product.name) : l.productId),
              el('td', {}, l.quantity),
              el(
                'td',
                {},
                l.product
                  ? formatPrice((l.product.salePrice ?? l.product.price) * l.quantity, l.product.currency, locale)
                  : '',
              ),
              el('td', {}, remove),
            );
          }),
        ),
      ),
      el('p', { class: 'total' }, 'Total: ', el('strong', {}, formatPrice(total, currency, locale))),
      order,
      widget({ title: 'Complete your order', strategy: 'upsell', seed: lines.map((l) => l.productId), locale }),
    ];
  },

  notFound({ path }, _locale) {
    // No ecView: the protocol's page types have none for a page that does not exist.
    return [
      el('h2', {}, 'Page not found'),
      el(
        'p',
        { class: 'not-found' },
        'The shop has no page at ',
        el('code', {}, path),
        '. ',
        link({ page: 'home' }, 'Go to the home page'),
        '.',
      ),
      el(
        'p',
        { class: 'muted' },
        'The QA panel is not a page of its own: it is beside every page of the shop (below it on a narrow screen). ',
        el('a', { href: '#qa' }, 'Go to the QA panel'),
        '.',
      ),
      // Written in markup only: the <svc-recommendations> element of svc.min.js (docs/widgets.md); its
      // locale is the page tracker's last ecView's, as the other widgets' (no price: no locale here).
      markupWidget({ title: 'Best sellers', strategy: 'popular' }),
    ];
  },

  confirmation({ orderId }, locale) {
    view('confirmation', locale);
    let bought: basket.Line[] = [];
    try {
      bought = JSON.parse(sessionStorage.getItem(`demo.order.${orderId}`) ?? '[]');
    } catch {
      bought = [];
    }
    const ids = bought.map((l) => l.productId).filter((id) => typeof id === 'string');
    return [
      el('h2', {}, 'Thank you for your order'),
      el(
        'p',
        {},
        'Order ',
        el('code', { class: 'order-id' }, orderId),
        ` (${ids.length} product${ids.length === 1 ? '' : 's'}).`,
      ),
      ids.length
        ? widget({ title: 'Customers bought next', strategy: 'pllr_bought_next', seed: ids, locale })
        : widget({ title: 'Best sellers', strategy: 'popular', locale }),
    ];
  },
};
