import type { Row } from '../test/bench/types';

/** The Markdown table of one bench's rows, and of its side-by-side rows when it has any. */
export function benchTable(rows: Row[]): string;
/** The one line that says where and when a table was measured. */
export function measuredOn(run: { date: string; machine: string; commit: string }): string;
/** `text` with the block between `name`'s markers replaced by `block`; throws when they are missing. */
export function writeBetweenMarkers(text: string, name: string, block: string): string;
