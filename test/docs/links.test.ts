// Every relative link of README.md and docs/**/*.md points at a file that exists, and at a
// heading that exists when it has a #fragment (anchors as GitHub makes them).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, brokenLinks, markdownFiles, root, slug } from './markdown';

const readRepo = (path: string): string | null | undefined => {
  const full = join(root, path);
  if (!existsSync(full)) return undefined;
  return statSync(full).isDirectory() ? null : readFileSync(full, 'utf8');
};

describe('links of the documentation', () => {
  it('finds the Markdown files: README.md and docs/', () => {
    const files = markdownFiles();
    expect(files).toContain('README.md');
    expect(files).toContain('docs/PROTOCOL.md');
    expect(files).toContain('docs/packages/recommendations.md');
  });

  it.each(markdownFiles())('every relative link of %s leads to a file and heading that exist', (file) => {
    expect(brokenLinks(file, readFileSync(join(root, file), 'utf8'), readRepo)).toEqual([]);
  });
});

describe('the link check itself', () => {
  const files: Record<string, string | null> = {
    'docs/guide.md': '# Guide\n\n## Install `@svc/stash` (Node)\n\n## FAQ\n\n## FAQ\n',
    'docs/img': null,
    'src/core/http.ts': 'export {};\n',
  };
  const read = (path: string) => files[path];

  it('makes anchors as GitHub does: lower case, punctuation gone, spaces as dashes, repeats numbered', () => {
    expect(slug('Install `@svc/stash` (Node)')).toBe('install-svcstash-node');
    expect(slug('Events: `shown(item)` and `clicked(item, position?)`')).toBe(
      'events-shownitem-and-clickeditem-position',
    );
    expect(slug("The mock's recommendations engine")).toBe('the-mocks-recommendations-engine');
    expect(slug('@svc/integrations_runner -- run')).toBe('svcintegrations_runner----run');
    expect([...anchors(files['docs/guide.md']!)]).toEqual(['guide', 'install-svcstash-node', 'faq', 'faq-1']);
  });

  it('reports a link to a missing file, a missing heading, and outside the repository', () => {
    const text = [
      'See [the guide](guide.md#install-svcstash-node), [FAQ](guide.md#faq-1) and [here](#top).',
      '[gone](missing.md) and [no such heading](guide.md#setup) ![shot](img) [up](../../x.md)',
      '[line](../src/core/http.ts#L3) [web](https://example.com/a.md) `[code](nowhere.md)`',
      '',
      '```md',
      '[in a code block](nowhere.md)',
      '```',
      '[ref]: ./missing-too.md',
      '<a href="guide.md#nope">html</a>',
      '# Top',
    ].join('\n');
    expect(brokenLinks('docs/page.md', text, read)).toEqual([
      { file: 'docs/page.md', line: 2, target: 'missing.md', problem: 'no file docs/missing.md' },
      { file: 'docs/page.md', line: 2, target: 'guide.md#setup', problem: 'no heading #setup in docs/guide.md' },
      { file: 'docs/page.md', line: 2, target: '../../x.md', problem: 'points outside the repository' },
      { file: 'docs/page.md', line: 8, target: './missing-too.md', problem: 'no file docs/missing-too.md' },
      { file: 'docs/page.md', line: 9, target: 'guide.md#nope', problem: 'no heading #nope in docs/guide.md' },
    ]);
  });
});
