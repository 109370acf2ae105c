// A history router: the storefront is one page, so the mock platform (which lives in this page)
// keeps its state while the visitor browses. The demo server answers index.html for any path
// without an extension, so every route can also be opened or reloaded directly (the mock then
// starts again from its fixtures).

/** A route of the storefront. */
export type Route =
  | { page: 'home' }
  | { page: 'category'; category: string }
  | { page: 'product'; productId: string }
  | { page: 'basket' }
  | { page: 'confirmation'; orderId: string }
  /** Any other path: the shop says there is no such page (it never silently shows another one). */
  | { page: 'notFound'; path: string };

/** Route table: pattern -> route. Path parameters are decoded, never interpreted. */
const table: [RegExp, (m: string[]) => Route][] = [
  [/^\/$/, () => ({ page: 'home' })],
  [/^\/category\/([^/]+)$/, (m) => ({ page: 'category', category: m[1] })],
  [/^\/product\/([^/]+)$/, (m) => ({ page: 'product', productId: m[1] })],
  [/^\/basket$/, () => ({ page: 'basket' })],
  [/^\/confirmation\/([^/]+)$/, (m) => ({ page: 'confirmation', orderId: m[1] })],
];

export function parse(pathname: string): Route {
  for (const [pattern, build] of table) {
    const m = pattern.exec(pathname);
    if (m) {
      try {
        return build(m.map((part) => decodeURIComponent(part)));
      } catch {
        break;
      }
    }
  }
  return { page: 'notFound', path: pathname };
}

export function href(route: Route): string {
  switch (route.page) {
    case 'home':
      return '/';
    case 'category':
      return `/category/${encodeURIComponent(route.category)}`;
    case 'product':
      return `/product/${encodeURIComponent(route.productId)}`;
    case 'basket':
      return '/basket';
    case 'confirmation':
      return `/confirmation/${encodeURIComponent(route.orderId)}`;
    case 'notFound':
      return route.path;
  }
}

type Listener = (route: Route) => void;
let listener: Listener = () => {};

/** Starts routing: renders the current path, then every in-page link click and back/forward. */
export function startRouter(render: Listener): void {
  listener = render;
  addEventListener('popstate', () => listener(parse(location.pathname)));
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('a[data-route]') as HTMLAnchorElement | null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '/');
  });
  listener(parse(location.pathname));
}

/** Goes to a path inside the page (no reload). */
export function navigate(path: string): void {
  history.pushState(null, '', path);
  scrollTo(0, 0);
  listener(parse(location.pathname));
}
