// The first script of the consent page, as a CMP's inline stub would be: `__tcfapi` queues calls
// until the CMP has loaded (demo/consent/page.ts loads it after the SDK).
(window as unknown as { svcCmp: { stub(): void } }).svcCmp.stub();
