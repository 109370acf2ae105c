// The page's mock platform (window.svcMock, from dist/demo/mock.js) and SDK (window.svc, from
// dist/svc.min.js), typed. The demo reaches both only through these globals, as a storefront and
// QA would: nothing of the SDK or the mock is bundled into app.js.

import type * as Svc from '../src/svc';
import type * as Mock from './mock';

declare global {
  interface Window {
    svcMock: typeof Mock;
    svc: typeof Svc;
  }
}

export const platform = window.svcMock.platform;
export const mock = window.svcMock;
export const svc = window.svc;
