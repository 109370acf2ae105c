// dependency-cruiser: the import graph of src/ has no circle (type-only imports included: a type
// module imports nothing of its area back). `npm run check:structure` runs it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Types live in modules that import nothing back; an area index only wires and re-exports its parts.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
