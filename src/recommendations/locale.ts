import { type PageTracker, pageTracker, toLocale } from '@svc/core';

/**
 * The platform's locale (`de-EUR`, core's rule: `language: 'de-DE'` counts as `de`) of the
 * tracker's last `ecView` event of this page (the tracker replays earlier events to a new
 * handler), or `undefined` when there is no tracker, no such event, or its language or currency
 * is not one.
 */
export function localeOf(tracker: PageTracker | undefined = pageTracker()): string | undefined {
  let locale: string | undefined;
  tracker?.on('ecView', ({ data }) => {
    locale = toLocale(data?.language, data?.currency);
  })();
  return locale;
}
