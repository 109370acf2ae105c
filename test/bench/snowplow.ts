import { build } from 'esbuild';

/**
 * Snowplow's browser tracker (@snowplow/browser-tracker) bundled by esbuild, in memory, into one
 * minified IIFE script for a bench page: `window.snowplow` holds the functions named in `names`
 * (`newTracker`, `trackPageView`...), and the bundle holds what they need, as a shop's own build of
 * the tracker would.
 */
export async function snowplowBundle(names: string[]): Promise<Uint8Array> {
  const list = names.join(', ');
  const result = await build({
    stdin: {
      contents: `import { ${list} } from '@snowplow/browser-tracker';\nwindow.snowplow = { ${list} };\n`,
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}
