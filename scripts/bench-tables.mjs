// The tables `npm run bench` prints, and the writing of each into docs/performance.md.
//
// A bench's table sits in docs/performance.md between two markers named after its file
// (test/bench/<name>.bench.ts):
//
//   <!-- bench:load -->
//   ...written by `npm run bench -- load --write`...
//   <!-- /bench:load -->
//
// `--write` replaces what is between them with one "Measured on" line (date, machine, commit) and
// the bench's tables; the prose around the markers says what the bench measures and how.

/** Escapes what would end a Markdown table cell. */
const cell = (value) => String(value ?? '').replaceAll('|', '\\|');

/** The Markdown table of one bench's rows, and of its side-by-side rows when it has any. */
export function benchTable(rows) {
  const lines = ['| metric | value | unit | note |', '|---|---:|---|---|'];
  for (const row of rows) lines.push(`| ${[row.metric, row.value, row.unit, row.note].map(cell).join(' | ')} |`);
  const compared = rows.filter((row) => row.compare);
  if (compared.length > 0) {
    lines.push('', 'Side by side, in the same run:', '');
    lines.push('| metric | ours | peer | peer value | ours / peer | unit |', '|---|---:|---|---:|---:|---|');
    for (const { metric, unit, compare } of compared) {
      const cells = [metric, compare.ours, compare.peerName, compare.peer, compare.ratio, unit];
      lines.push(`| ${cells.map(cell).join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

/** The one line that says where and when a table was measured. */
export const measuredOn = ({ date, machine, commit }) => `Measured on ${date}, ${machine}, commit \`${commit}\`.`;

const markers = (name) => [`<!-- bench:${name} -->`, `<!-- /bench:${name} -->`];

/** `text` with the block between `name`'s markers replaced by `block`; throws when they are missing. */
export function writeBetweenMarkers(text, name, block) {
  const [open, close] = markers(name);
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start || text.indexOf(open, start + open.length) >= 0)
    throw new Error(`docs/performance.md has no single pair of markers ${open} ... ${close}`);
  return `${text.slice(0, start + open.length)}\n${block}\n${text.slice(end)}`;
}
