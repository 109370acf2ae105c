// The stash playground: each opType's operations through window.svc.createStash, with the full
// key the client builds (`[namespace:][visitorId:]key`), the exact request and response, and what
// the mock's stash now holds (its snapshot and deferkv deliveries).

import type { CountStash, DeferKvStash, KvStash, OpType, StashClients, StashOptions, TsStash } from '../../src/stash';
import { el, fill } from '../dom';
import { platform } from '../platform';
import { sdk, tracker } from '../sdk';
import { TRACKING_ID } from '../shop/catalog';
import { showCallExchange } from './exchanges-panel';
import { button, field, panel, readNow, run } from './panel';

/** The operations of each opType, as buttons: label -> call on the client with the form's values. */
type Form = { key: string; keys: string[]; value: string; timestamp: number; route: string };
const operations: { [T in OpType]: [string, (client: StashClients[OpType], f: Form) => Promise<unknown>][] } = {
  kv: [
    ['set(key, value)', (c, f) => (c as KvStash).set(f.key, f.value)],
    ['get(key)', (c, f) => (c as KvStash).get(f.key)],
    ['get(keys)', (c, f) => (c as KvStash).get(f.keys)],
  ],
  deferkv: [
    ['set(key, value, timestamp, route)', (c, f) => (c as DeferKvStash).set(f.key, f.value, f.timestamp, f.route)],
    ['get(key, timestamp)', (c, f) => (c as DeferKvStash).get(f.key, f.timestamp)],
    ['remove(key, timestamp)', (c, f) => (c as DeferKvStash).remove(f.key, f.timestamp)],
  ],
  ts: [
    ['set(key)', (c, f) => (c as TsStash).set(f.key)],
    ['get(key)', (c, f) => (c as TsStash).get(f.key)],
  ],
  count: [
    ["increment(key, 'date')", (c, f) => (c as CountStash).increment(f.key, 'date')],
    ["decrement(key, 'date')", (c, f) => (c as CountStash).decrement(f.key, 'date')],
    ['get(counterKey)', (c, f) => (c as CountStash).get(f.key)],
    ['get(counterKeys)', (c, f) => (c as CountStash).get(f.keys)],
  ],
};

export function stashPanel(): HTMLElement {
  const createStash = sdk('createStash');
  if (!createStash)
    return panel(
      'stash',
      'Stash',
      el('p', { class: 'warning' }, 'window.svc.createStash is not in this build of svc.min.js.'),
    );
  const opType = el(
    'select',
    { name: 'opType' },
    ...(Object.keys(operations) as OpType[]).map((t) => el('option', { value: t }, t)),
  );
  const namespace = el('input', { name: 'namespace', placeholder: '(none)' });
  const useVisitorId = el('input', { name: 'useVisitorId', type: 'checkbox', checked: true });
  const level = el(
    'select',
    { name: 'level' },
    el('option', { value: 'public' }, 'public'),
    el('option', { value: 'protected' }, 'protected'),
  );
  const key = el('input', { name: 'key', value: 'cart' });
  const keys = el('input', { name: 'keys', value: 'cart,wishlist', placeholder: 'key,key,…' });
  const value = el('input', { name: 'value', value: '["p-1","p-2"]' });
  const timestamp = el('input', {
    name: 'timestamp',
    type: 'number',
    value: Math.floor(platform.clock.now() / 1000) + 3600,
  });
  const route = el('input', { name: 'route', value: 'cart-reminder' });
  const fullKey = el('p', { class: 'full-key', 'data-output': 'full-key' });
  const buttons = el('div', { class: 'buttons' });
  const out = el('pre', { tabindex: 0, class: 'output', 'data-output': 'stash' });
  const exchange = el('div', {});
  const held = el('pre', { tabindex: 0, class: 'output', 'data-output': 'stash-snapshot' });

  const options = (): StashOptions => ({
    ...(namespace.value.trim() ? { namespace: namespace.value.trim() } : {}),
    useVisitorId: useVisitorId.checked,
    ...(opType.value === 'kv' ? { level: level.value as 'public' | 'protected' } : {}),
  });
  const showFullKey = () => {
    const parts = [
      namespace.value.trim(),
      useVisitorId.checked ? (tracker()?.visitorId ?? '(visitor id)') : '',
      key.value,
    ].filter(Boolean);
    fullKey.textContent = `Full key: ${parts.join(':')}`;
  };
  // The shop's own stash calls, and deferkv rows falling due on the mock's clock, change it without telling the panel.
  const { line, refresh } = readNow('stash', () => {
    held.textContent = JSON.stringify(
      { snapshot: platform.inspect.stash.snapshot(TRACKING_ID), deliveries: platform.inspect.stash.deliveries() },
      null,
      2,
    );
  });
  const showHeld = () => refresh();
  const renderButtons = () => {
    const type = opType.value as OpType;
    level.disabled = type !== 'kv';
    fill(
      buttons,
      ...operations[type].map(([label, call]) =>
        button(
          label,
          () =>
            showCallExchange(exchange, 'stash', 'stash', () =>
              run(out, () => {
                const client = createStash(type, TRACKING_ID, options());
                const form: Form = {
                  key: key.value,
                  keys: keys.value
                    .split(',')
                    .map((k) => k.trim())
                    .filter(Boolean),
                  value: value.value,
                  timestamp: Number(timestamp.value),
                  route: route.value,
                };
                return call(client, form).then((result) =>
                  result === undefined ? 'undefined (nothing stored)' : result,
                );
              }),
            ).then(showHeld),
          { 'data-op': label.split('(')[0] },
        ),
      ),
    );
  };
  opType.addEventListener('change', renderButtons);
  for (const input of [namespace, useVisitorId, key]) input.addEventListener('input', showFullKey);
  useVisitorId.addEventListener('change', showFullKey);
  renderButtons();
  showFullKey();
  void showHeld();

  const advance = button('Advance the mock clock 1 hour', async () => {
    platform.clock.advance(3600_000);
    platform.clock.tick();
    await showHeld();
    out.textContent = `Mock time is now ${new Date(platform.clock.now()).toISOString()}`;
  });

  return panel(
    'stash',
    'Stash',
    el(
      'div',
      { class: 'form' },
      field('opType', opType),
      field('Namespace', namespace),
      field('useVisitorId', useVisitorId),
      field('Level (kv)', level),
      field('Key (or counter key)', key),
      field('Keys (batch)', keys),
      field('Value', value),
      field('Timestamp (UNIX s, deferkv)', timestamp),
      field('Route (deferkv)', route),
    ),
    fullKey,
    buttons,
    out,
    el('h4', {}, 'Request and response'),
    exchange,
    el('h4', {}, 'The mock’s stash (server side)'),
    advance,
    line,
    held,
  );
}
