#!/usr/bin/env node
import { execSync } from 'node:child_process';
// Finds Debian's Chromium for the browser tests (CHROMIUM_PATH, else /usr/bin/chromium).
// When none is found: installs it with apt-get when running as root, else fails saying how.
import { existsSync } from 'node:fs';

import { chromiumPath } from './chromium.mjs';

if (!existsSync(chromiumPath)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  let apt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    apt = true;
  } catch {}
  if (root && apt && !process.env.CHROMIUM_PATH) {
    console.log("Chromium not found: installing Debian's chromium with apt-get ...");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
      shell: '/bin/bash',
    });
  }
  if (!existsSync(chromiumPath)) {
    console.error(
      `No Chromium at ${chromiumPath}. The browser tests need Debian's Chromium:\n` +
        '  sudo apt-get install -y chromium\n' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary. (Never `playwright install`: browsers cannot be downloaded here.)',
    );
    process.exit(1);
  }
}
