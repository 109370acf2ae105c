// The first script of the privacy page, as a CMP's inline stub would be: `__gpp` queues calls
// until the CMP has loaded (demo/privacy/page.ts loads it after the SDK).
(window as unknown as { svcGpp: { stub(): void } }).svcGpp.stub();
