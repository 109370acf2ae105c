// The handler's output as log lines: whole lines forwarded in time linear in the output, and each
// line cut at LOG_LIMITS.lineLength.
import type { Readable } from 'node:stream';
import { LOG_LIMITS } from './log-limits';

/**
 * Calls `line` with every complete line the stream writes (and the unterminated rest at its end),
 * in time linear in the output: at most `keep` characters of a line are held, the rest of it is
 * skipped and its length passed as `cut`. Returns a function that sends the unterminated rest now.
 */
export function forwardLines(stream: Readable, keep: number, line: (text: string, cut: number) => void): () => void {
  let held: string[] = [];
  let heldLength = 0;
  let cut = 0;
  const add = (piece: string) => {
    const room = keep - heldLength;
    if (piece.length > room) cut += piece.length - Math.max(room, 0);
    if (room <= 0) return;
    const kept = piece.length > room ? piece.slice(0, room) : piece;
    held.push(kept);
    heldLength += kept.length;
  };
  const flush = () => {
    line(held.join(''), cut);
    held = [];
    heldLength = 0;
    cut = 0;
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    let from = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', from)) {
      add(chunk.slice(from, end));
      flush();
      from = end + 1;
    }
    if (from < chunk.length) add(from === 0 ? chunk : chunk.slice(from));
  });
  const flushRest = () => (heldLength || cut) && flush();
  stream.on('end', flushRest);
  return flushRest;
}

/**
 * `text` with each of its lines over LOG_LIMITS.lineLength cut and marked (`cut` characters already left out of the
 * last).
 */
export function cutLines(text: string, cut: number): string {
  if (text.length <= LOG_LIMITS.lineLength && cut === 0) return text;
  const lines = text.split('\n');
  return lines
    .map((line, i) => {
      const more = Math.max(line.length - LOG_LIMITS.lineLength, 0) + (i === lines.length - 1 ? cut : 0);
      return more ? `${line.slice(0, LOG_LIMITS.lineLength)} [line cut: ${more} more characters]` : line;
    })
    .join('\n');
}
