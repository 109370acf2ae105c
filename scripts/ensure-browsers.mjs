#!/usr/bin/env node
// `node scripts/ensure-browsers.mjs chromium firefox webkit`: finds Debian's browsers for the browser
// tests (scripts/browsers.mjs says where). Those missing are installed with apt-get when running
// as root; otherwise, or when the install did not bring them, it fails saying how, in one line each.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BROWSERS } from './browsers.mjs';

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in BROWSERS));
if (names.length === 0 || unknown.length > 0) {
  console.error(
    `ensure-browsers: name browsers among ${Object.keys(BROWSERS).join(', ')} (got ${names.join(' ') || 'none'})`,
  );
  process.exit(2);
}

/** The browsers asked for that lack their binary or a file they need (WebKit's driver, xvfb-run). */
const missing = () =>
  names.map((name) => BROWSERS[name]).filter((browser) => ![browser.path, ...browser.needs].every(existsSync));
const root = typeof process.getuid === 'function' && process.getuid() === 0;
let apt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  apt = true;
} catch {}

// Only Debian's own path is installed here: a variable that points elsewhere is the caller's choice
// (what the browser needs besides, such as WebKit's driver, is installed either way).
const installable = missing().filter((browser) => !process.env[browser.variable] || !browser.needs.every(existsSync));
if (installable.length > 0 && root && apt) {
  const packages = installable.map((browser) => browser.debian).join(' ');
  console.log(
    `${installable.map((browser) => browser.name).join(', ')} not found: installing Debian's ${packages} with apt-get ...`,
  );
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}
const still = missing();
for (const browser of still)
  console.error(
    `No ${browser.name} at ${[browser.path, ...browser.needs].filter((path) => !existsSync(path)).join(', ')}: install Debian's with \`sudo apt-get install -y ${browser.debian}\`, or set ${browser.variable} to its binary (browsers cannot be downloaded here: never \`playwright install\`).`,
  );
if (still.length > 0) process.exit(1);
