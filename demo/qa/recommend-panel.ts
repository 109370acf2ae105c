// The recommendations playground: strategy or a custom chain, seed, n, locale, rules (validated
// before sending), timeout and debug; runs `get()` through window.svc.recommendations and shows
// the items, or the error's code, and the exact request and response of the call.

import type { RecommendationsConfig, Rule } from '../../src/recommendations';
import { el, fill } from '../dom';
import { sdk, tracker } from '../sdk';
import { locales, TRACKING_ID } from '../shop/catalog';
import { widgetSettings } from '../shop/widget';
import { showCallExchange } from './exchanges-panel';
import { button, field, panel, running, show, showError } from './panel';
import { rulesEditor } from './rules-editor';

/** The seed's strategy catalog (native, then partner). */
const strategies = [
  'popular',
  'trending',
  'new',
  'engagement',
  'upsell',
  'conversion',
  'pllr_bought_next',
  'partner_product_conversion',
  'partner_product_clickthrough',
  'partner_product_similar',
  'partner_personal_conversion',
  'partner_personal_clickthrough',
  'partner_basket_revenue',
];

/** `all`, product ids separated by commas, or `category:<name>` for a category seed. */
function parseSeed(text: string): string | string[] | { category: string } {
  const t = text.trim();
  if (!t || t === 'all') return 'all';
  if (t.startsWith('category:')) return { category: t.slice(9) };
  const ids = t
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return ids.length === 1 ? ids[0] : ids;
}

export function recommendPanel(): HTMLElement {
  const strategy = el(
    'select',
    { name: 'strategy' },
    ...strategies.map((s) => el('option', { value: s }, s)),
    el('option', { value: 'custom' }, 'custom chain…'),
  );
  const chain = el('input', { name: 'chain', placeholder: 'pllr,pllr_bought', hidden: true });
  strategy.addEventListener('change', () => (chain.hidden = strategy.value !== 'custom'));
  const seed = el('input', { name: 'seed', value: 'all', placeholder: 'all | id,id | category:<name>' });
  // The storefront's own settings to start with, so Apply changes only what QA changed.
  const n = el('input', { name: 'n', type: 'number', min: 1, max: 50, value: widgetSettings.limit });
  const locale = el(
    'select',
    { name: 'locale' },
    el('option', { value: '' }, '(from the page’s ecView)'),
    ...locales().map((l) => el('option', { value: l }, l)),
  );
  const timeout = el('input', { name: 'timeout', type: 'number', min: 0, step: 100, value: widgetSettings.timeout });
  const debug = el('input', { name: 'debug', type: 'checkbox' });
  const rules = rulesEditor();
  const result = el('div', { tabindex: 0, class: 'output', 'data-output': 'recommend' });
  const exchange = el('div', {});

  const config = (): RecommendationsConfig | undefined => {
    const checked = rules.check();
    if (!checked.ok) {
      showError(result, { code: 'INVALID_RULES', message: `${checked.error} (nothing sent)` });
      return undefined;
    }
    return {
      strategy: strategy.value === 'custom' ? chain.value.trim() : strategy.value,
      seed: parseSeed(seed.value),
      limit: Number(n.value),
      ...(locale.value ? { locale: locale.value } : {}),
      ...(checked.rules.length ? { rules: checked.rules as Rule[] } : {}),
      timeout: Number(timeout.value),
      debug: debug.checked,
    };
  };

  const runGet = async () => {
    const factory = sdk('recommendations');
    if (!factory)
      return showError(result, {
        code: 'MISSING',
        message: 'window.svc.recommendations is not in this build of svc.min.js',
      });
    const c = config();
    if (!c) return fill(exchange, el('p', { class: 'muted', 'data-exchange': 'recommend' }, 'No request was sent.'));
    running(result);
    await showCallExchange(exchange, 'recs', 'recommend', async () => {
      try {
        const items = await factory({ meta: { trackingId: TRACKING_ID, visitorId: tracker()?.visitorId } }).get(c);
        delete result.dataset.code;
        result.dataset.state = 'ok';
        fill(
          result,
          el(
            'ol',
            {},
            ...items.map((i) =>
              el(
                'li',
                { 'data-id': i.id },
                `${String(i.details?.name ?? i.id)} — ${i.id}, weight ${i.weight}, ${i.strategy}`,
              ),
            ),
          ),
        );
      } catch (error) {
        showError(result, error);
        throw error;
      }
    });
  };

  const describe = () =>
    `n ${widgetSettings.limit}, timeout ${widgetSettings.timeout}, ${widgetSettings.rules?.length ?? 0} rule(s)`;
  const applied = el(
    'p',
    { class: 'muted', 'data-output': 'widgets', 'aria-live': 'polite' },
    `Storefront widgets: ${describe()}.`,
  );
  const apply = button('Apply n, timeout and rules to the storefront', () => {
    const checked = rules.check();
    if (!checked.ok) return show(applied, `Not applied: ${checked.error}`);
    const before = describe();
    widgetSettings.limit = Number(n.value);
    widgetSettings.timeout = Number(timeout.value);
    widgetSettings.rules = checked.rules.length ? (checked.rules as Rule[]) : undefined;
    const after = describe();
    show(
      applied,
      before === after
        ? `Storefront widgets unchanged: ${after}.`
        : `Storefront widgets: ${after} (were ${before}). Takes effect on the next page.`,
    );
  });

  return panel(
    'recommend',
    'Recommendations',
    el(
      'div',
      { class: 'form' },
      field('Strategy', strategy),
      chain,
      field('Seed', seed),
      field('n', n),
      field('Locale', locale),
      field('Timeout (ms)', timeout),
      field('Debug', debug),
    ),
    rules.node,
    el('div', { class: 'buttons' }, button('Run get()', runGet, { 'data-action': 'get' }), apply),
    applied,
    result,
    el('h4', {}, 'Request and response of this call'),
    exchange,
  );
}
