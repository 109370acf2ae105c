// Each conformance case quotes the line it checks, from one of two documents of this repository:
// docs/platform.md (the platform's reference, in our words) and docs/PROTOCOL.md (the wire
// contract). `platform(quote)` and `protocol(quote)` find the quote in its file and give the case
// its name, `platform line 21: "| POST | ..."`. A quote found in no line fails the suite: a case
// cannot cite a line the documents do not have.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const docs = join(import.meta.dirname, '..', '..', 'docs');
const files = { platform: join(docs, 'platform.md'), protocol: join(docs, 'PROTOCOL.md') };
const cache = new Map<string, string[]>();

function cite(source: keyof typeof files, quote: string): string {
  const file = files[source];
  if (!cache.has(file)) cache.set(file, readFileSync(file, 'utf8').split('\n'));
  const index = cache.get(file)!.findIndex((line) => line.includes(quote));
  if (index < 0) throw new Error(`conformance: no line of ${file} says ${JSON.stringify(quote)}`);
  const shown = quote.length > 90 ? `${quote.slice(0, 87)}...` : quote;
  return `${source} line ${index + 1}: "${shown}"`;
}

/** Names docs/platform.md's line that holds `quote` (an exact part of one line). */
export const platform = (quote: string) => cite('platform', quote);

/** Names docs/PROTOCOL.md's line that holds `quote`, for what the platform reference leaves open. */
export const protocol = (quote: string) => cite('protocol', quote);
