import { pageTracker, type PageTracker } from '@svc/core';

/**
 * `<language>-<CURRENCY>` of the tracker's last `ecView` event of this page (the tracker replays
 * earlier events to a new handler), or `undefined` when there is no tracker or no such event.
 */
export function localeOf(tracker: PageTracker | undefined = pageTracker()): string | undefined {
  let locale: string | undefined;
  tracker
    ?.on('ecView', ({ data }) => {
      locale = typeof data?.language === 'string' && typeof data.currency === 'string' ? `${data.language}-${data.currency}` : undefined;
    })();
  return locale;
}
