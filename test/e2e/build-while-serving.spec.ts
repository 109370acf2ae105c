import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';

// `npm test` builds while a demo may be serving (the README gives the two commands together): the
// build writes into a fresh folder and swaps it in, so the running demo never answers 404.
test('a build while the demo serves: every request for the demo and the script tag succeeds', async ({ request }) => {
  test.setTimeout(120_000);
  const build = spawn(process.execPath, ['scripts/build.mjs'], { stdio: 'ignore' });
  const finished = new Promise<number | null>((resolve) => build.on('close', resolve));
  let done = false;
  void finished.then(() => (done = true));
  const failures: string[] = [];
  let requests = 0;
  // Keep asking for what a page loads until the build has finished, and a little after.
  while (!done) {
    for (const path of ['/dist/svc.min.js', '/dist/demo/app.js', '/dist/demo/mock.js', '/']) {
      const response = await request.get(path);
      requests += 1;
      if (!response.ok()) failures.push(`${path}: HTTP ${response.status()}`);
    }
  }
  expect(await finished).toBe(0);
  expect(requests).toBeGreaterThan(20);
  expect(failures).toEqual([]);
});
