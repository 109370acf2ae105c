// The demo storefront's page code. It uses the SDK only through `window.svc` (the script tag)
// and the mock only through `window.svcMock`, as a storefront and QA would.
import { el, fill } from './dom';
import { startRouter, href, type Route } from './router';
import { tracker } from './sdk';
import { mock } from './platform';
import * as basket from './shop/basket';
import { categories, loadCatalog, locales, onCatalogChange } from './shop/catalog';
import { render } from './shop/pages';
import { recommendPanel } from './qa/recommend-panel';
import { exchangesPanel } from './qa/exchanges-panel';
import { faultsPanel } from './qa/faults-panel';
import { eventsPanel } from './qa/events-panel';
import { catalogPanel } from './qa/catalog-panel';
import { stashPanel } from './qa/stash-panel';
import { experiencesPanel } from './qa/experiences-panel';
import { integrationsPanel } from './qa/integrations-panel';
import { impressionsPanel } from './qa/impressions-panel';

const LOCALE_KEY = 'demo.locale';

async function main() {
  await mock.ready;
  loadCatalog();
  const page = document.getElementById('page')!;

  // Locale: the shop's language-currency, from the catalog's locales; the header's categories.
  const select = document.getElementById('locale') as HTMLSelectElement;
  let locale = localStorage.getItem(LOCALE_KEY) ?? '';
  const header = () => {
    const all = locales();
    fill(select, ...all.map((l) => el('option', { value: l }, l)));
    if (!all.includes(locale)) locale = all[0] ?? 'en-GBP';
    select.value = locale;
    fill(document.getElementById('nav')!, ...categories().slice(0, 8).map((c) => el('a', { href: href({ page: 'category', category: c }), 'data-route': true }, c)));
  };
  header();
  onCatalogChange(header);
  const count = document.getElementById('basket-count')!;
  const showCount = () => (count.textContent = String(basket.count()));
  basket.onChange(showCount);
  showCount();

  const qa = document.getElementById('qa')!;
  qa.append(eventsPanel(), impressionsPanel(), recommendPanel(), faultsPanel(), exchangesPanel(), stashPanel(), experiencesPanel(), integrationsPanel(), catalogPanel());

  let current: Route = { page: 'home' };
  const show = () => render(current, page, locale);
  startRouter((route) => {
    current = route;
    show();
  });
  const status = document.getElementById('status')!;
  status.textContent = `Mock platform ready: ${mock.platform.properties.list().length} propert${mock.platform.properties.list().length === 1 ? 'y' : 'ies'}, visitor ${tracker()?.visitorId ?? '(no tracker)'}.`;
  status.dataset.ready = 'true';
  select.addEventListener('change', () => {
    locale = select.value;
    localStorage.setItem(LOCALE_KEY, locale);
    show();
  });
}

void main();
export {};
