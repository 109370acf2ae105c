// The opener of the QA overlay, the only part of it in svc.min.js: `svc.qa()`; the `?svc-qa`
// marker where the script tag says `data-qa="url"`; and a tab pointed at a mock (where the tag
// says `data-qa="mock"`; every copy of core reads the switch from sessionStorage, core's
// `answeringMock`). The overlay itself, svc-qa.js beside svc.min.js, is loaded only when it opens,
// after the SDK has started: a page that refuses it (Trusted Types, CSP) keeps its SDK.
import { answeringMock, readCookie } from '@svc/core';
import { QA_MOCK_COOKIE, QA_MOCK_KEY, qaChannel } from '@svc/core/internal';

const script = document.currentScript as HTMLScriptElement | null;
/** `data-qa`'s words: `url` (the `?svc-qa` marker opens the overlay), `mock` (the mock switch is offered). */
const allows = script?.dataset.qa?.split(' ') ?? [];
const mockAllowed = allows.includes('mock');
let mock: string | null = null;

/** Reads the mock switch, or forgets one the tag no longer allows; opens the overlay where the page asks for it. */
function start(): void {
  if (mockAllowed) mock = answeringMock() ?? null;
  else if (readCookie(QA_MOCK_COOKIE) !== undefined) {
    // A switch left from when the tag allowed it is forgotten: no copy of core reads it after the reload.
    try {
      sessionStorage.removeItem(QA_MOCK_KEY);
    } catch {
      // No sessionStorage (a sandboxed frame): nothing to forget.
    }
  }
  // The marker opens it only where the tag allows it; a tab answered by a mock shows its banner.
  // After the rest of svc.min.js has run (the tracker, window.svc, the element), in a task of its own.
  if (mock || (allows.includes('url') && /[?&]svc-qa\b/.test(location.search))) setTimeout(qa, 0);
}

/**
 * Opens the QA overlay on this page: at once when svc-qa.js is here, else once it has loaded (from
 * beside svc.min.js; it removes its script tag itself).
 */
export function qa(): void {
  const src = new URL('svc-qa.js', script?.src || location.href).href;
  const failed = (error: unknown) =>
    console.error(
      `svc: the QA overlay could not open (${String(error)}). The SDK runs on; to open the overlay the page must ` +
        `allow the script ${src}: its Content-Security-Policy script-src, and a Trusted Types policy for script URLs ` +
        "where the page requires them (require-trusted-types-for 'script').",
    );
  try {
    const open = () => qaChannel().open?.({ mockAllowed, mock });
    if (qaChannel().open) {
      open();
      return;
    }
    const tag = document.createElement('script');
    tag.src = src;
    tag.onload = open;
    tag.onerror = () => failed('svc-qa.js did not load');
    document.head.append(tag);
  } catch (error) {
    failed(error);
  }
}

// In a microtask, after svc.min.js's evaluation and before the tracker's start (at its first use by a later
// script, or in a task of its own): a `document.cookie` read from the evaluation costs a reparse of the whole
// bundle (src/tracker/auto.ts).
queueMicrotask(start);
