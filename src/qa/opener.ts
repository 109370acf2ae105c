// The opener of the QA overlay, the only part of it in svc.min.js: `svc.qa()`; the `?svc-qa`
// marker where the script tag says `data-qa="url"`; and a tab pointed at a mock (where the tag
// says `data-qa="mock"`), which must take effect before the tracker starts. The overlay itself,
// svc-qa.js beside svc.min.js, is loaded only when it opens.
import { answerFromMock, QA_MOCK_KEY, qaChannel } from '@svc/core';

const script = document.currentScript as HTMLScriptElement | null;
/** `data-qa`'s words: `url` (the `?svc-qa` marker opens the overlay), `mock` (the mock switch is offered). */
const allows = script?.dataset.qa?.split(' ') ?? [];
const mockAllowed = allows.includes('mock');
let mock: string | null = null;

if (mockAllowed) {
  try {
    mock = sessionStorage.getItem(QA_MOCK_KEY);
    // Every interface from the mock, whatever the page sets (not a URL: it throws, the platform answers).
    if (mock) answerFromMock(mock);
  } catch {
    mock = null; // no sessionStorage (a sandboxed frame), or not a URL
  }
}

/**
 * Opens the QA overlay on this page: at once when svc-qa.js is here, else once it has loaded (from
 * beside svc.min.js; it removes its script tag itself).
 */
export function qa(): void {
  const open = () => qaChannel().open?.({ mockAllowed, mock });
  if (qaChannel().open) {
    open();
    return;
  }
  const tag = document.createElement('script');
  tag.src = new URL('svc-qa.js', script?.src || location.href).href;
  tag.onload = open;
  document.head.append(tag);
}

// The marker opens it only where the tag allows it; a tab answered by a mock shows its banner.
if (mock || (allows.includes('url') && /[?&]svc-qa\b/.test(location.search))) qa();
