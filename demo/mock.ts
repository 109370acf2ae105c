// The demo's mock platform: @svc/mock with fixtures behind the MSW browser worker.
// Exposed as `window.svcMock` ({ platform, ready }) for the QA panel and the e2e tests.
import { setupWorker } from 'msw/browser';
import { createMockPlatform, createHandlers } from '../src/mock';

export const platform = createMockPlatform({ fixtures: true });
const worker = setupWorker(...createHandlers(platform));
/** Resolves once the service worker intercepts requests. */
export const ready: Promise<unknown> = worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
