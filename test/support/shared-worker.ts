// Test files share their worker and its page (`isolate: false` in vitest.config.ts): what a file
// leaves behind is undone after it, so that the next file starts as it would in a worker of its own.
// - Fake timers a file left on.
// - Core's page-wide slots (`Symbol.for('svc.…')`: the endpoints, the page's tracker, the QA channel),
//   the page's tracker stopped first (its timers and listeners would outlive the file).
// - The module registry: module state (the QA mock switch that each copy of core reads once, the
//   graph of a file's `vi.resetModules()` imports) starts fresh in the next file.
// - In a DOM environment (happy-dom), the page: its storage, cookies and elements.
import { afterAll, vi } from 'vitest';
import { clearCookies } from './set-cookie';

afterAll(() => {
  vi.useRealTimers();
  const globals = globalThis as Record<symbol, unknown>;
  (globals[Symbol.for('svc.tracker')] as { stop?: () => void } | undefined)?.stop?.();
  for (const key of Object.getOwnPropertySymbols(globals)) if (key.description?.startsWith('svc.')) delete globals[key];
  vi.resetModules();
  if (typeof document === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  document.head.replaceChildren();
  document.body.replaceChildren();
});
