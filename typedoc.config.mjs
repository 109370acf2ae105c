// The API reference (`npm run docs`, into docs-api/, not committed) of every published entry
// point. Every exported declaration must carry a doc comment: a missing one is a warning, and a
// warning fails the run (`npm run docs:check`, part of `npm test`).
import { packages } from './rollup.config.mjs';

/** The sources of the published entry points of rollup.config.mjs that are API (not `notApi`). */
const entryPoints = packages.flatMap((pkg) =>
  Object.entries(pkg.entries)
    .filter(([entry]) => !pkg.internal?.includes(entry) && !pkg.notApi?.includes(entry))
    .map(([, source]) => source),
);

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: 'svc SDK',
  entryPoints,
  tsconfig: 'tsconfig.build.json',
  out: 'docs-api',
  readme: 'none',
  // Modules are named after their packages (`@svc/core`), not their folders.
  plugin: ['./scripts/typedoc-package-names.mjs'],
  // Source links would need a hosted git remote; a clone (CI's, a fork's) may have none or a local
  // path, which TypeDoc warns about, and a warning fails the run.
  disableSources: true,
  excludeInternal: true,
  excludePrivate: true,
  // Exported things: functions, classes, interfaces, types, constants and their methods. Fields of
  // option and result types are documented where they have something to say (a default, a unit).
  requiredToBeDocumented: ['Enum', 'Variable', 'Function', 'Class', 'Interface', 'TypeAlias', 'Method', 'Accessor'],
  validation: { notExported: true, invalidLink: true, notDocumented: true },
  // Internal types of the mock that its public types mention (their members are shown inline).
  intentionallyNotExported: ['PlatformContext', 'Catalog', 'Properties', 'IntegrationsArea', 'IntegrationAnswer', 'HistoryStructure', 'InteractionKind', 'RunFilter'],
  treatWarningsAsErrors: true,
  // The type check is `npm run typecheck`'s (part of `npm test`): TypeDoc only reads the types.
  skipErrorChecking: true,
};
