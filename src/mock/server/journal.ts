import { closeSync, existsSync, fsync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  checkHeader,
  checkOperation,
  InvalidStateError,
  type StateOperation,
  type StateSnapshot,
} from '../platform/state/format';

/** Appends since the last rewrite after which compaction is considered. */
const COMPACT_EVERY = 1000;

/**
 * Reads a journal: the header on the first line, one operation per line. A last line without its
 * newline is a record torn by a crash: ignored (it was never acknowledged). Any other line that
 * is not a record makes the file corrupt: InvalidStateError naming the file and the line.
 * Returns `undefined` for a missing or empty file.
 */
export function readJournal(file: string): StateSnapshot | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  if (text === '') return undefined;
  const lines = text.split('\n');
  lines.pop(); // '' after the last newline, or a torn record
  if (lines.length === 0) throw new InvalidStateError(file, 'no complete header line: not a svc-mock state file');
  const parse = (line: string, n: number): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new InvalidStateError(file, `line ${n} is not a journal record: the file is corrupt`);
    }
  };
  const header = checkHeader(parse(lines[0], 1), file);
  const operations = lines.slice(1).map((line, i) => checkOperation(parse(line, i + 2), `${file}: line ${i + 2}`));
  return { ...header, operations };
}

const syncDirectory = (file: string) => {
  try {
    const fd = openSync(dirname(file), 'r');
    fsyncSync(fd);
    closeSync(fd);
  } catch {
    // some platforms cannot fsync a directory; the rename is still atomic
  }
};

/**
 * Writes the whole `state` (header line, one operation per line) to a fsynced temporary file beside `file`; returns its
 * path.
 */
function writeTemporary(file: string, state: StateSnapshot): string {
  const { operations, ...header } = state;
  const temporary = `${file}.${process.pid}.tmp`;
  const out = openSync(temporary, 'w');
  writeSync(out, [JSON.stringify(header), ...operations.map((o) => JSON.stringify(o))].join('\n') + '\n');
  fsyncSync(out);
  closeSync(out);
  return temporary;
}

/** fsync of `handle`: resolves its error, or null. */
const fsyncOf = (handle: number) => new Promise<NodeJS.ErrnoException | null>((resolve) => fsync(handle, resolve));

/**
 * An append-only journal on disk. `append` writes one line (in order, synchronously); `flush`
 * resolves once everything appended so far is fsynced: the server awaits it before every answer,
 * so an operation it acknowledged survives `kill -9`. Concurrent requests share one fsync (group
 * commit). `rewrite` compacts: the whole state to a temporary file, fsync, atomic rename.
 */
export class Journal {
  readonly #file: string;
  #fd = -1;
  #records = 0;
  #sinceRewrite = 0;
  /** Lines appended, and how many of them are known to be on disk. */
  #written = 0;
  #synced = 0;
  #syncing: Promise<void> | undefined;

  constructor(file: string, snapshot: StateSnapshot) {
    this.#file = file;
    this.rewrite(snapshot); // also drops a torn last record before anything is appended after it
  }

  /** Appends one operation, durably. `live()` tells compaction how many operations still matter. */
  append(operation: StateOperation, live: () => StateSnapshot): void {
    writeSync(this.#fd, JSON.stringify(operation) + '\n');
    this.#written++;
    this.#records++;
    if (++this.#sinceRewrite < COMPACT_EVERY) return;
    this.#sinceRewrite = 0;
    const state = live();
    if (this.#records > 2 * state.operations.length) this.rewrite(state);
  }

  /** Resolves once every operation appended before the call is on disk. */
  async flush(): Promise<void> {
    const target = this.#written;
    while (this.#synced < target) {
      if (this.#fd < 0) throw new Error(`${this.#file}: the journal is closed`);
      this.#syncing ??= this.#syncOnce();
      await this.#syncing;
    }
  }

  /** Writes the whole `state` as the journal (compaction, or a state loaded), fsynced and renamed in place. */
  rewrite(state: StateSnapshot): void {
    const temporary = writeTemporary(this.#file, state);
    if (this.#fd >= 0) closeSync(this.#fd);
    renameSync(temporary, this.#file);
    syncDirectory(this.#file);
    this.#fd = openSync(this.#file, 'a');
    this.#records = state.operations.length;
    this.#sinceRewrite = 0;
    this.#synced = this.#written; // the rewritten file holds everything, fsynced
  }

  /** Operations in the file now. */
  records(): number {
    return this.#records;
  }

  close(): void {
    if (this.#fd < 0) return;
    fsyncSync(this.#fd);
    this.#synced = this.#written;
    closeSync(this.#fd);
    this.#fd = -1;
  }

  /** One fsync of everything written before it started. */
  async #syncOnce(): Promise<void> {
    const upTo = this.#written;
    const handle = this.#fd;
    const error = await fsyncOf(handle);
    this.#syncing = undefined;
    if (error && handle === this.#fd) throw error;
    this.#synced = Math.max(this.#synced, upTo); // an fd closed by a rewrite: the rewrite synced it all
  }
}

/** Opens the journal `file`, written anew from `snapshot`. */
export function openJournal(file: string, snapshot: StateSnapshot): Journal {
  return new Journal(file, snapshot);
}
