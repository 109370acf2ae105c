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

let loading: Promise<unknown> | undefined;

/** Opens the QA overlay on this page, loading svc-qa.js (from beside svc.min.js) the first time. */
export function qa(): Promise<void> {
  if (!loading) {
    const tag = document.createElement('script');
    tag.src = new URL('svc-qa.js', script?.src || location.href).href;
    loading = new Promise((resolve, reject) => {
      tag.onload = resolve;
      tag.onerror = reject;
    }).finally(() => tag.remove()); // run once loaded, it is no longer needed in the DOM
    document.head.append(tag);
  }
  return loading.then(() => qaChannel().open?.({ mockAllowed, mock }));
}

// The marker opens it only where the tag allows it; a tab answered by a mock shows its banner.
if (mock || (allows.includes('url') && /[?&]svc-qa\b/.test(location.search))) void qa();
