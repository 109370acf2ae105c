// The recipes of a guide, as the runtime tests run them: the code block after a ```ts <tag> fence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const docs = join(import.meta.dirname, '..', '..', 'docs');

/** The code block of `docs/<guide>` marked `ts <tag>`; throws when the guide has none. */
export function guideRecipe(guide: string, tag: string): string {
  const text = readFileSync(join(docs, guide), 'utf8');
  const block = new RegExp('```ts ' + tag + '\\n([\\s\\S]*?)```').exec(text);
  if (!block) throw new Error(`docs/${guide} has no \`\`\`ts ${tag} block`);
  return block[1];
}
