// Run by aborted-mid-body.test.ts in a process of its own (a crash there must not take the test
// runner with it): a stash read whose timeout fires while the handler's body is still arriving.
// argv[2]: `length` (the handler streams a body with its Content-Length) or `no-length` (without).
// Prints the read's outcome; the process exits 0 unless something crashes it.
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers, createMockPlatform } from '../../src/mock';
import { createStash } from '../../src/stash';

const body = '{"status":200,"data":"late"}';
const platform = createMockPlatform({ fixtures: true });
const server = setupServer(
  http.get('https://stash.svc.example/stash/v1.1/kv/get/*', () => {
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.subarray(0, 10)); // the headers and a first part go out at once
        await delay(1000); // the rest after the read's timeout
        controller.enqueue(bytes.subarray(10));
        controller.close();
      },
    });
    const length: Record<string, string> =
      process.argv[2] === 'length' ? { 'Content-Length': String(bytes.byteLength) } : {};
    return new HttpResponse(stream, { headers: { 'Content-Type': 'application/json', ...length } });
  }),
  ...createHandlers(platform),
);
server.listen({ onUnhandledFrame: 'error' });
const kv = createStash('kv', 'demo_shop', { timeout: 200 });
try {
  console.log('resolved', await kv.get('greeting'));
} catch (error) {
  console.log('rejected', (error as { code?: string }).code);
}
await delay(300); // the aborted connection closes meanwhile
server.close();
console.log('ended');
