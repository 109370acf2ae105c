import { defineConfig } from 'vitest/config';

// Unit and integration tests: Node by default; a file opts into the DOM with
// `// @vitest-environment happy-dom` on its first line.
export default defineConfig({
  // Clients import core by its package name, as customers' bundlers see it.
  resolve: {
    alias: [
      { find: /^@svc\/core$/, replacement: new URL('./src/core/index.ts', import.meta.url).pathname },
      { find: /^@svc\/core\/errors$/, replacement: new URL('./src/core/errors.ts', import.meta.url).pathname },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    restoreMocks: true,
  },
});
