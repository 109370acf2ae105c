// Switches for the mock's faults (platform.faults), per route: latency, HTTP 500, offline.
// What each does to a client is the error table of docs/clients.md: 500 -> SERVER_ERROR, offline ->
// NETWORK, latency beyond a `timeout` -> TIMEOUT.

import type { Fault, Route } from '../../src/mock';
import { el } from '../dom';
import { platform } from '../platform';
import { button, panel, readNow } from './panel';

const routes: Route[] = ['recommend', 'experiences', 'callback', 'stash', 'events', 'integrations'];

/** The switches of one route, read into a fault (undefined: none on). */
interface Switches {
  latency: HTMLInputElement;
  status500: HTMLInputElement;
  offline: HTMLInputElement;
}

function faultOf(s: Switches): Fault | undefined {
  const fault: Fault = {};
  const latency = Number(s.latency.value);
  if (latency > 0) fault.latencyMs = latency;
  if (s.status500.checked) fault.status = 500;
  if (s.offline.checked) fault.offline = true;
  return Object.keys(fault).length ? fault : undefined;
}

export function faultsPanel(): HTMLElement {
  const state = el('pre', { tabindex: 0, class: 'output', 'data-output': 'faults' });
  const rows = routes.map((route) => {
    const s: Switches = {
      latency: el('input', {
        type: 'number',
        min: 0,
        step: 100,
        value: 0,
        name: `${route}-latency`,
        'aria-label': `${route} latency (ms)`,
      }),
      status500: el('input', { type: 'checkbox', name: `${route}-500`, 'aria-label': `${route} HTTP 500` }),
      offline: el('input', { type: 'checkbox', name: `${route}-offline`, 'aria-label': `${route} offline` }),
    };
    const apply = () => {
      const fault = faultOf(s);
      if (fault) platform.faults.set(route, fault);
      else platform.faults.clear(route);
      showState();
    };
    for (const input of Object.values(s)) input.addEventListener('change', apply);
    return {
      route,
      s,
      row: el(
        'tr',
        { 'data-route': route },
        el('th', {}, route),
        el('td', {}, s.latency),
        el('td', {}, s.status500),
        el('td', {}, s.offline),
      ),
    };
  });
  // The switches and the list say what the platform's faults are as of the last read: a restored scenario, or code
  // calling `platform.faults` (a test, the console), may set them without telling the panel.
  const { line, refresh } = readNow('faults', () => {
    const faults = platform.faults.list();
    for (const { route, s } of rows) {
      const on = faults[route];
      s.latency.value = String(on?.latencyMs ?? 0);
      s.status500.checked = on?.status === 500;
      s.offline.checked = on?.offline === true;
    }
    state.textContent = JSON.stringify(faults, null, 2);
  });
  const showState = () => void refresh();
  const clearAll = button('Clear all faults', () => {
    platform.faults.clear();
    return refresh();
  });
  showState();
  return panel(
    'faults',
    'Mock faults',
    el(
      'table',
      { class: 'faults' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', {}, 'route'),
          el('th', {}, 'latency ms'),
          el('th', {}, 'HTTP 500'),
          el('th', {}, 'offline'),
        ),
      ),
      el('tbody', {}, ...rows.map((r) => r.row)),
    ),
    clearAll,
    el(
      'p',
      { class: 'muted' },
      'Expect: HTTP 500 → SERVER_ERROR, offline → NETWORK, latency above a timeout → TIMEOUT.',
    ),
    line,
    state,
  );
}
