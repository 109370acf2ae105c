// The demo storefront's page code. It uses the SDK only through `window.svc` (the script tag)
// and the mock only through `window.svcMock`, as a storefront and QA would.
import { el, fill } from './dom';
import { mock } from './platform';
import { qaPanels } from './qa/panels';
import { href, type Route, startRouter } from './router';
import { sdk, tracker } from './sdk';
import * as basket from './shop/basket';
import { categories, languageTag, loadCatalog, locales, onCatalogChange } from './shop/catalog';
import { render } from './shop/pages';
import { widgetSettings } from './shop/widget';

const LOCALE_KEY = 'demo.locale';

async function main() {
  await mock.ready;
  const status = document.getElementById('status')!;
  if (mock.linkRestore) {
    // A scenario link: the page loads again with the scenario restored; nothing to show before.
    status.textContent = 'Restoring the scenario from the link…';
    try {
      await mock.linkRestore;
      return;
    } catch {
      // A damaged link: the page starts from the fixtures, and the Scenario panel says why.
    }
  }
  const scenario = mock.restoredScenario()?.scenario;
  if (scenario) Object.assign(widgetSettings, { rules: undefined }, scenario.page.widgets);
  loadCatalog();
  const page = document.getElementById('page')!;

  // Locale: a region-tagged language and its currency (`de-DE · EUR`), one per catalog locale; the header's categories.
  const select = document.getElementById('locale') as HTMLSelectElement;
  let locale = localStorage.getItem(LOCALE_KEY) ?? '';
  const header = () => {
    const all = locales();
    fill(
      select,
      ...all.map((l) =>
        el('option', { value: l, 'data-language': languageTag(l) }, `${languageTag(l)} · ${l.split('-')[1]}`),
      ),
    );
    if (!all.includes(locale)) locale = all[0] ?? 'en-GBP';
    select.value = locale;
    fill(
      document.getElementById('nav')!,
      ...categories().map((c) => el('a', { href: href({ page: 'category', category: c }), 'data-route': true }, c)),
    );
  };
  header();
  onCatalogChange(header);
  const count = document.getElementById('basket-count')!;
  const showCount = () => (count.textContent = String(basket.count()));
  basket.onChange(showCount);
  showCount();

  // The SDK's own state (visitor, deliveries, gets, impressions) in the QA overlay every storefront has (docs/qa.md).
  const overlay = el(
    'button',
    { type: 'button', id: 'open-overlay', onclick: () => sdk('qa')?.() },
    'SDK state: open the QA overlay',
  );
  document.getElementById('qa')!.append(el('p', {}, overlay), ...qaPanels());

  let current: Route = { page: 'home' };
  const show = () => render(current, page, locale);
  startRouter((route) => {
    current = route;
    show();
  });
  const restored = mock.restoredScenario();
  const restoredNote = !restored
    ? ''
    : restored.error
      ? ' The scenario could not be restored (see Scenario).'
      : ` Restored the scenario from ${restored.source}.`;
  status.textContent = `Mock platform ready: ${mock.platform.properties.list().length} propert${mock.platform.properties.list().length === 1 ? 'y' : 'ies'}, visitor ${tracker()?.visitorId ?? '(no tracker)'}.${restoredNote}`;
  status.dataset.ready = 'true';
  select.addEventListener('change', () => {
    locale = select.value;
    localStorage.setItem(LOCALE_KEY, locale);
    show();
  });
}

void main();
