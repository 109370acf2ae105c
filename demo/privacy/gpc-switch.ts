// The demo's Global Privacy Control switch, the page's first script. A page cannot change the
// browser's setting, so the switch stands in for it: when it is on (stored in localStorage by
// demo/privacy/page.ts), `navigator.globalPrivacyControl` reads `true` before the SDK loads. A
// browser that sends GPC itself keeps it on whatever the switch says.
import { GPC_SWITCH } from './gpc-key';

const native = (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
if (native !== true && localStorage.getItem(GPC_SWITCH) === 'on')
  Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { configurable: true, get: () => true });
