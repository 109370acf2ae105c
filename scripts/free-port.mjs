// A free TCP port on 127.0.0.1, for the scripts that start servers of their own.
import { createServer } from 'node:net';

/** Resolves a port that was free a moment ago (the OS chose it; the probe is closed again). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
