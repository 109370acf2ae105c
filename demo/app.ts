// The demo storefront's page code. It uses the SDK only through `window.svc` (the script tag),
// and the mock only through `window.svcMock`, as a storefront and QA would.
declare global {
  interface Window {
    svcMock: typeof import('./mock');
    svc: typeof import('../src/svc');
  }
}

async function main() {
  await window.svcMock.ready;
  const status = document.getElementById('status')!;
  status.textContent = 'Mock platform ready.';
  status.dataset.ready = 'true';
}

void main();
export {};
