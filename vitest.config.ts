import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The files that each get a process of their own (project `own-process`), and why. */
const OWN_PROCESS = [
  // It bounds a run's CPU time (process.cpuUsage): in a shared process, a collection of the heap
  // that earlier files left counts in its figure.
  'test/mock/recommend/rules-budget.test.ts',
  // It defines <svc-recommendations> on the page: a definition stays for every later file of a
  // shared page, bound to the modules of the file that made it.
  'test/recommendations/element.test.ts',
];

// Unit and integration tests: Node by default; a file opts into the DOM with
// `// @vitest-environment happy-dom` on its first line.
export default defineConfig({
  // Clients import core by its package name, as customers' bundlers see it; so do the examples of
  // the docs (test/docs/examples.test.ts) with every package: '@svc/<name>[/<entry>]' is its source.
  resolve: {
    alias: [
      // Modules the mock and the runner share with the clients, unpublished (see src/core/internal.ts).
      { find: /^@svc\/(core|tracker|integrations)\/internal$/, replacement: new URL('./src/$1/internal.ts', import.meta.url).pathname },
      { find: /^@svc\/core\/errors$/, replacement: new URL('./src/core/errors.ts', import.meta.url).pathname },
      { find: /^@svc\/mock\/server$/, replacement: new URL('./src/mock/server/index.ts', import.meta.url).pathname },
      { find: /^@svc\/react\/server$/, replacement: new URL('./src/react/server.ts', import.meta.url).pathname },
      { find: /^@svc\/vue\/server$/, replacement: new URL('./src/vue/server.ts', import.meta.url).pathname },
      // The helpers @svc/react and @svc/vue are built on: published, but no API (src/recommendations/internal.ts).
      { find: /^@svc\/recommendations\/internal$/, replacement: new URL('./src/recommendations/internal.ts', import.meta.url).pathname },
      { find: /^@svc\/recommendations\/element$/, replacement: new URL('./src/recommendations/element.ts', import.meta.url).pathname },
      { find: /^@svc\/integrations\/runner$/, replacement: new URL('./src/integrations/runner/index.ts', import.meta.url).pathname },
      { find: /^@svc\/([a-z]+)$/, replacement: new URL('./src/$1/index.ts', import.meta.url).pathname },
    ],
  },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    restoreMocks: true,
    // One worker more than the cores (vitest's default is one fewer): most files spend their time
    // waiting on timers, child processes and sockets, so a third worker on these 2-core machines
    // overlaps those waits (the suite takes about half the time).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'test/firefox/**', 'test/engines/**', 'node_modules/**', ...OWN_PROCESS],
          // A worker runs file after file (starting a worker and its environment per file costs
          // about half a second); test/support/shared-worker.ts undoes each file's page-wide state
          // after it.
          isolate: false,
          setupFiles: ['test/support/shared-worker.ts'],
        },
      },
      { extends: true, test: { name: 'own-process', include: [...OWN_PROCESS] } },
      // Debian's Firefox ESR, driven over WebDriver BiDi (`npm run test:firefox`, after the build):
      // what only a browser that sends Global Privacy Control can show.
      { extends: true, test: { name: 'firefox', include: ['test/firefox/**/*.test.ts'], testTimeout: 60_000 } },
      // The storefront suite in Chromium, Firefox ESR and WebKitGTK (`npm run test:engines`, after the
      // build): one file per engine, each in a worker of its own, side by side.
      {
        extends: true,
        test: { name: 'engines', include: ['test/engines/*.test.ts'], testTimeout: 90_000, maxWorkers: 3 },
      },
    ],
  },
});
