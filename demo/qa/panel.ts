// The frame every QA panel shares: a collapsible section with a title and a stable test hook.
// (panels.ts places each panel's content in its section of the page when it is first opened.)
import { el } from '../dom';

export function panel(name: string, title: string, ...body: Node[]): HTMLDetailsElement {
  return el('details', { class: 'panel', 'data-panel': name }, el('summary', {}, title), ...body);
}

/** A labelled form control. */
export function field(label: string, control: HTMLElement): HTMLLabelElement {
  return el('label', {}, el('span', {}, label), control);
}

/** A button that runs `action`, disabled while it runs. */
export function button(label: string, action: () => unknown, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', ...attrs }, label);
  b.addEventListener('click', async () => {
    b.disabled = true;
    try {
      await action();
    } finally {
      b.disabled = false;
    }
  });
  return b;
}

export function show(out: HTMLElement, value: unknown): void {
  delete out.dataset.code;
  out.dataset.state = 'ok';
  out.textContent = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined');
}

export function showError(out: HTMLElement, error: unknown): void {
  const e = error as { code?: string; message?: string; name?: string };
  out.dataset.state = 'error';
  out.dataset.code = e?.code ?? e?.name ?? 'ERROR';
  out.textContent = `${e?.code ?? e?.name ?? 'Error'}: ${e?.message ?? String(error)}`;
}

/** Marks an output as waiting for a call (clearing the previous outcome). */
export function running(out: HTMLElement): void {
  delete out.dataset.code;
  out.dataset.state = 'running';
  out.textContent = '…';
}

/** Runs `action` and shows its result or error in `out`. */
export async function run(out: HTMLElement, action: () => unknown): Promise<void> {
  running(out);
  try {
    show(out, await action());
  } catch (error) {
    showError(out, error);
  }
}

/** A time of day as the panels print it (UTC, as the events' times are): `12:00:03`. */
const clockTime = (at: Date) => at.toISOString().slice(11, 19);

/**
 * For a panel showing what the mock holds that no record of the platform announces: `read` fills the panel, and
 * the line says when it last did ("as of 12:00:03 UTC", a <time>) beside a Refresh button that reads again.
 * `refresh` reads now (the panel calls it once built, and after each of its own actions).
 */
export function readNow(name: string, read: () => unknown): { line: HTMLElement; refresh: () => Promise<void> } {
  const at = el('time', { 'data-as-of': name });
  const refresh = async () => {
    await read();
    const now = new Date();
    at.dateTime = now.toISOString();
    at.textContent = clockTime(now);
  };
  const line = el(
    'p',
    { class: 'as-of' },
    'as of ',
    at,
    ' UTC ',
    button('Refresh', refresh, { 'data-action': 'refresh', 'aria-label': `Refresh ${name}` }),
  );
  return { line, refresh };
}
