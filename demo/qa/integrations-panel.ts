// The integrations panel: execute, schedule and cancel through window.svc.createIntegration
// against the mock's demo integrations, with the schedules pending and the recent runs (status,
// duration, logs with secrets redacted) the mock recorded.

import type { Integration, ScheduleWindow } from '../../src/integrations';
import { el, fill } from '../dom';
import { platform } from '../platform';
import { sdk } from '../sdk';
import { TRACKING_ID } from '../shop/catalog';
import { showCallExchange } from './exchanges-panel';
import { button, field, panel, readNow, run } from './panel';

/** Parses a JSON field, naming it when it is not JSON. */
function json(name: string, text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw Object.assign(new Error(`${name} is not JSON: ${(error as Error).message}`), { code: 'INVALID_JSON' });
  }
}

/** A duration as people read it: 0.2, 12.3, 1500 (a tenth of a millisecond at most). */
const milliseconds = (ms: number): string => String(Math.round(ms * 10) / 10);

export function integrationsPanel(): HTMLElement {
  const createIntegration = sdk('createIntegration');
  if (!createIntegration)
    return panel(
      'integrations',
      'Integrations',
      el('p', { class: 'warning' }, 'window.svc.createIntegration is not in this build of svc.min.js.'),
    );
  const names = platform.admin.integrations.list(TRACKING_ID);
  const name = el('select', { name: 'integration' }, ...names.map((i) => el('option', { value: i.name }, i.name)));
  const description = el('p', { class: 'muted' });
  const showDescription = () => {
    const info = names.find((i) => i.name === name.value);
    description.textContent = info
      ? `${info.description} Trigger: ${JSON.stringify(info.trigger)}.`
      : 'No integration in this property.';
  };
  name.addEventListener('change', showDescription);
  const payload = el('textarea', { name: 'payload', rows: 2, spellcheck: 'false' });
  payload.value = '{"to": "ada@example.com", "campaign": "spring"}';
  const key = el('input', { name: 'key', value: '{"email": "a1b2c3"}' });
  const delay = el('input', { name: 'delay', type: 'number', min: 0, value: 60000 });
  const day = el('input', { name: 'day', placeholder: 'mon-fri' });
  const time = el('input', { name: 'time', placeholder: '09:00-17:00' });
  const out = el('pre', { tabindex: 0, class: 'output', 'data-output': 'integrations' });
  const exchange = el('div', {});
  const pending = el('ul', { class: 'pending', 'data-output': 'pending' });
  const runs = el('ol', { class: 'runs', 'data-output': 'runs', reversed: true });

  // Runs an event or the mock's clock starts (a trigger, a schedule falling due) tell the panel nothing.
  const { line, refresh: showRuns } = readNow('integrations', () => {
    fill(
      pending,
      ...platform.inspect.integrations
        .pending({ trackingId: TRACKING_ID })
        .map((p) => el('li', {}, `${p.integration} ${JSON.stringify(p.key)} at ${p.runAt} (${p.executionId})`)),
    );
    if (!pending.children.length) pending.append(el('li', { class: 'muted' }, 'None.'));
    const recent = platform.inspect.integrations.runs({ trackingId: TRACKING_ID }).slice(-10).reverse();
    fill(
      runs,
      ...recent.map((r) =>
        el(
          'li',
          { 'data-status': r.status, 'data-integration': r.integration },
          `${r.integration} (${r.trigger}) ${r.status}${r.error ? `: ${r.error}` : ''} in ${milliseconds(r.durationMs)} ms${r.result !== undefined ? ` → ${JSON.stringify(r.result)}` : ''}`,
          r.logs.length ? el('pre', { tabindex: 0 }, r.logs.map((l) => `[${l.level}] ${l.message}`).join('\n')) : '',
        ),
      ),
    );
  });

  const call = (action: (integration: Integration) => Promise<unknown>) => () =>
    showCallExchange(exchange, 'integrations', 'integrations', () =>
      run(out, () => action(createIntegration(name.value, { trackingId: TRACKING_ID }))),
    ).then(async () => {
      await platform.inspect.integrations.idle();
      await showRuns();
    });
  const window = (): ScheduleWindow | undefined =>
    day.value.trim() || time.value.trim()
      ? {
          ...(day.value.trim() ? { day: day.value.trim() } : {}),
          ...(time.value.trim() ? { time: time.value.trim() } : {}),
        }
      : undefined;
  const keyOf = () => json('key', key.value) as Record<string, string | number> | undefined;

  const advance = button('Advance the mock clock 1 hour', async () => {
    platform.clock.advance(3600_000);
    platform.clock.tick();
    await platform.inspect.integrations.idle();
    await showRuns();
  });

  showDescription();
  void showRuns();
  return panel(
    'integrations',
    'Integrations',
    el(
      'div',
      { class: 'form' },
      field('Integration', name),
      field('key (JSON)', key),
      field('delay (ms)', delay),
      field('window day', day),
      field('window time (UTC)', time),
    ),
    description,
    field('payload (JSON)', payload),
    el(
      'div',
      { class: 'buttons' },
      button(
        'execute()',
        call((i) => i.execute(json('payload', payload.value), { key: keyOf() ?? {} })),
        { 'data-action': 'execute' },
      ),
      button(
        'schedule()',
        call((i) =>
          i.schedule(json('payload', payload.value), {
            key: keyOf() ?? {},
            delay: Number(delay.value),
            ...(window() ? { window: window() } : {}),
          }),
        ),
        { 'data-action': 'schedule' },
      ),
      button(
        'cancel(key)',
        call((i) => i.cancel(keyOf() ?? {})),
        { 'data-action': 'cancel' },
      ),
      advance,
    ),
    out,
    el('h4', {}, 'Request and response'),
    exchange,
    line,
    el('h4', {}, 'Pending schedules'),
    pending,
    el('h4', {}, 'Recent runs (the mock’s record)'),
    runs,
  );
}
