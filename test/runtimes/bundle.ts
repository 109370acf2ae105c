// Bundling a runtime test's entry as a customer's bundler would, from the built packages: `npm run
// build` links @svc/core and @svc/recommendations into node_modules; the others are their folders
// (or files) in dist/. Conditions and fields of a worker (workerd, the Edge runtime).
import { join } from 'node:path';
import { build } from 'esbuild';
import { distDir } from '../mock/server/readme';

/** The built packages that `npm run build` does not link into node_modules. */
const BUILT = {
  '@svc/experiences': join(distDir, 'experiences'),
  '@svc/proxy': join(distDir, 'proxy'),
  '@svc/react/server': join(distDir, 'react', 'server.js'),
};

/** `code` (TypeScript, resolved from test/runtimes/) bundled into one script of `format`. */
export async function bundleBuilt(code: string, format: 'esm' | 'iife' = 'esm'): Promise<string> {
  const result = await build({
    stdin: { contents: code, resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    write: false,
    format,
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['worker', 'browser', 'import'],
    alias: BUILT,
    nodePaths: [join(import.meta.dirname, '..', '..', 'node_modules')],
  });
  return result.outputFiles[0].text;
}
