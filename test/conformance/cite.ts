// The platform's own description (the seed) and the wire contract (PROTOCOL.md) live outside this
// repository, in the `shared/` folder beside the clone (../shared), where CI and every developer
// machine have them; SVC_SHARED names another folder. Each conformance case quotes the line it checks:
// `seed(quote)` and `protocol(quote)` find the quote in its file and give the case its name,
// `seed line 212: "| POST | ..."`. A quote found in no line fails the suite: a case cannot cite a
// line the contract does not have.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SHARED = resolve(process.env.SVC_SHARED ?? join(import.meta.dirname, '..', '..', '..', 'shared'));

function lines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch {
    throw new Error(
      `conformance: ${file} is missing: the suite checks the clients against the platform's description in ` +
        'shared/ beside the repository (set SVC_SHARED to the folder that holds seed/ and PROTOCOL.md)',
    );
  }
}

/** The seed's one file (`seed/000_<hash>.txt`). */
function seedFile(): string {
  const dir = join(SHARED, 'seed');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.txt'));
  } catch {
    // lines() below says what is missing.
  }
  return join(dir, names.sort()[0] ?? '000.txt');
}

const files = { seed: seedFile(), protocol: join(SHARED, 'PROTOCOL.md') };
const cache = new Map<string, string[]>();

function cite(source: keyof typeof files, quote: string): string {
  const file = files[source];
  if (!cache.has(file)) cache.set(file, lines(file));
  const index = cache.get(file)!.findIndex((line) => line.includes(quote));
  if (index < 0) throw new Error(`conformance: no line of ${file} says ${JSON.stringify(quote)}`);
  const shown = quote.length > 90 ? `${quote.slice(0, 87)}...` : quote;
  return `${source} line ${index + 1}: "${shown}"`;
}

/** Names the seed's line that holds `quote` (an exact part of one line). */
export const seed = (quote: string) => cite('seed', quote);

/** Names PROTOCOL.md's line that holds `quote`, for what the seed leaves "not shown". */
export const protocol = (quote: string) => cite('protocol', quote);
