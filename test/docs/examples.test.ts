// The code examples of README.md and docs/**/*.md that are marked, run or type-checked as written:
// - ```ts runnable (or ```js runnable): run in Node against the mock platform with its demo
//   fixtures (property `demo_shop`), in-process through MSW; `@svc/<name>` imports resolve to the
//   sources (vitest.config.ts), as a customer's bundler resolves the packages. An example that
//   starts its own MSW server (`setupServer(`) gets none from here and must close its own.
//   It fails when it throws, when a request reaches no handler, or when it writes to
//   console.warn / console.error (its error path ran).
// - ```ts browser: needs a browser (cookies, DOM events); type-checked only.
// - ```ts typecheck: would run for ever (a server that listens); type-checked only.
// - ```tsx typecheck (or tsx browser): a React component (@svc/react), JSX as React 19 compiles it;
//   type-checked only.
// Every TypeScript example, runnable or not, is type-checked (strict) against the sources.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createHandlers, createMockPlatform } from '../../src/mock';
import { type CodeBlock, codeBlocks, markdownFiles, root } from './markdown';

const LANGUAGES = ['ts', 'typescript', 'tsx', 'js', 'javascript'];
const examples = markdownFiles()
  .flatMap((file) => codeBlocks(file, readFileSync(join(root, file), 'utf8')))
  .filter(
    (block) =>
      LANGUAGES.includes(block.info[0]) &&
      ['runnable', 'browser', 'typecheck'].some((mark) => block.info.includes(mark)),
  );
const isTs = (block: CodeBlock) => block.info[0].startsWith('t');
const where = (block: CodeBlock) => `${block.file}:${block.line}`;

const dir = join(root, '.tmp', 'doc-examples');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
/** The example as a module of its own, named after where it is: docs_packages_stash.md-21.ts. */
const extensionOf = (block: CodeBlock) => (block.info[0] === 'tsx' ? 'tsx' : isTs(block) ? 'ts' : 'js');
const fileOf = (block: CodeBlock) =>
  join(dir, `${block.file.replace(/[/\\]/g, '_')}-${block.line}.${extensionOf(block)}`);
for (const block of examples) writeFileSync(fileOf(block), block.code);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('examples of the docs', () => {
  it('finds the marked examples: runnable ones and browser ones', () => {
    expect(examples.filter((block) => block.info.includes('runnable')).length).toBeGreaterThanOrEqual(5);
    expect(examples.some((block) => block.info.includes('browser'))).toBe(true);
  });

  it.each(examples.filter((block) => block.info.includes('runnable')).map((block) => [where(block), block] as const))(
    '%s runs against the mock',
    async (_where, block) => {
      const ownServer = /\bsetupServer\(/.test(block.code);
      const server = ownServer ? undefined : setupServer(...createHandlers(createMockPlatform({ fixtures: true })));
      server?.listen({ onUnhandledFrame: 'error' });
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await import(fileOf(block));
      } finally {
        server?.close();
      }
      expect([...warnings.mock.calls, ...errors.mock.calls]).toEqual([]);
    },
  );

  it('the TypeScript examples type-check against the sources', () => {
    const files = examples.filter(isTs).map(fileOf);
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      moduleDetection: 'force',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
      jsx: 'react-jsx',
      paths: {
        '@svc/core/errors': [join(root, 'src/core/errors.ts')],
        // What the mock and the runner share with the clients, unpublished (src/core/internal.ts).
        '@svc/core/internal': [join(root, 'src/core/internal.ts')],
        '@svc/tracker/internal': [join(root, 'src/tracker/internal.ts')],
        '@svc/integrations/internal': [join(root, 'src/integrations/internal.ts')],
        '@svc/mock/server': [join(root, 'src/mock/server/index.ts')],
        '@svc/mock/playwright': [join(root, 'src/mock/playwright.ts')],
        '@svc/recommendations/element': [join(root, 'src/recommendations/element.ts')],
        '@svc/vue/server': [join(root, 'src/vue/server.ts')],
        '@svc/integrations/runner': [join(root, 'src/integrations/runner/index.ts')],
        '@svc/*': [join(root, 'src/*/index.ts')],
      },
    };
    const { options, errors } = ts.convertCompilerOptionsFromJson(compilerOptions, dir);
    const program = ts.createProgram(files, options);
    // The examples' own errors: the sources they import are type-checked by `npm run typecheck`,
    // so only what the examples need of them is checked here.
    const diagnostics = [
      ...errors,
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...files.flatMap((file) => {
        const source = program.getSourceFile(file);
        if (!source) throw new Error(`${file}: not in the program`);
        return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      }),
    ];
    const output = ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (file) => file,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    });
    // Name the Markdown file and line of each error, not the generated file.
    const byFile = new Map(examples.filter(isTs).map((block) => [fileOf(block).slice(root.length), block]));
    const located = output.replace(/^(\S+?\.tsx?)\((\d+),(\d+)\)/gm, (text, file: string, line: string) => {
      const block = byFile.get(file.replace(/^\/?/, '')) ?? byFile.get(file);
      return block ? `${block.file}:${block.line + Number(line)}` : text;
    });
    expect(located).toBe('');
  }, 60_000);
});
