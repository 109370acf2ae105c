// A node:http server on 127.0.0.1 for the fixtures to call (the handler runs in a worker thread,
// so it makes real requests; nothing leaves the loopback interface). Records what it received;
// `GET /slow` never answers (until the server is closed).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  baseUrl: string;
  received: string[];
  close(): Promise<void>;
}

const routes: Record<string, { status: number; body: string }> = {
  'GET /orders/42': { status: 200, body: JSON.stringify({ id: 42, sku: 'A-1' }) },
  'GET /stock/A-1': { status: 200, body: '7' },
};

export async function startLocalServer(): Promise<LocalServer> {
  const received: string[] = [];
  const server: Server = createServer((request, response) => {
    const route = `${request.method} ${request.url}`;
    received.push(route);
    request.resume();
    if (request.url?.startsWith('/slow')) return; // held open: the hang fixture waits on it
    const { status, body } = routes[route] ?? { status: 404, body: 'not found' };
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
