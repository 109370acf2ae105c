// What knip reads: the published entries (rollup.config.mjs's package list, marked `!` as production
// code) and everything else that imports them. `npm run check:structure` (scripts/check-structure.mjs)
// runs it.
import { packages } from './rollup.config.mjs';

const published = packages.flatMap((pkg) => Object.values(pkg.entries).map((source) => `${source}!`));

export default {
  entry: [...published, 'src/svc.ts!', 'src/qa/overlay.ts!', 'demo/*.ts', 'scripts/*.mjs', 'test/**/*.ts', 'test/**/*.tsx'],
  project: ['src/**/*.{ts,tsx}', 'demo/**/*.ts', 'scripts/**/*.mjs', 'test/**/*.{ts,tsx}'],
  // No .vue file anywhere (@svc/vue is render functions): knip's Vue plugin, which the vue dev
  // dependency switches on, has no single-file component to compile.
  vue: false,
  ignoreIssues: {
    // `recommendations` is also the default export, as the previous vendor's client was (docs/migrating.md).
    'src/recommendations/index.ts': ['duplicates'],
  },
};
