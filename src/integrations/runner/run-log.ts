// The log of one run: every line with secrets redacted and long lines cut, the handler's output
// bounded by LOG_LIMITS.totalCharacters (what is over it dropped and counted), and the report.
import { EXIT_CODES } from './exit-codes';
import { cutLines } from './lines';
import { LOG_LIMITS } from './log-limits';
import type { Redactor } from './redact';
import type { HttpRequestLog, LogKind, LogLine, RunReport } from './types';

/** What a run ends with, besides its log. */
export type RunFields = Pick<RunReport, 'outcome' | 'result' | 'error' | 'durationMs'>;

export class RunLog {
  readonly lines: LogLine[] = [];
  /** Lines the worker dropped before sending them (over the total), counted there: [lines, characters]. */
  readonly droppedInWorker = new BigInt64Array(new SharedArrayBuffer(16));
  readonly redact: Redactor;
  readonly #onLog: ((line: LogLine) => void) | undefined;
  readonly #startedAt = performance.now();
  readonly #droppedHere = { lines: 0, characters: 0 };
  /** Characters of the handler's output kept so far. */
  #kept = 0;

  constructor(redact: Redactor, onLog?: (line: LogLine) => void) {
    this.redact = redact;
    this.#onLog = onLog;
  }

  /** Milliseconds since the run started. */
  elapsed(): number {
    return Math.round(performance.now() - this.#startedAt);
  }

  /**
   * Logs a line, secrets redacted, each of its lines cut at LOG_LIMITS.lineLength (`cut` more
   * characters were already left out of it). The handler's output (`counted`) beyond
   * LOG_LIMITS.totalCharacters is dropped and counted; the runner's own lines are always kept.
   */
  emit(kind: LogKind, text: string, request?: HttpRequestLog, cut = 0): void {
    const counted = kind !== 'boot' && kind !== 'done' && kind !== 'result' && kind !== 'exception';
    if (counted && this.#kept >= LOG_LIMITS.totalCharacters) {
      this.#droppedHere.lines++;
      this.#droppedHere.characters += text.length + cut;
      return;
    }
    const bounded = cutLines(this.redact(text), cut);
    if (counted) this.#kept += bounded.length;
    const line: LogLine = { kind, text: bounded, at: this.elapsed(), ...(request ? { request } : {}) };
    this.lines.push(line);
    this.#onLog?.(line);
  }

  /** The output dropped over the limit, here and in the worker. */
  dropped(): RunReport['dropped'] {
    return {
      lines: this.#droppedHere.lines + Number(Atomics.load(this.droppedInWorker, 0)),
      characters: this.#droppedHere.characters + Number(Atomics.load(this.droppedInWorker, 1)),
    };
  }

  /** What the final line adds when output was dropped. */
  droppedNote(): string {
    const { lines, characters } = this.dropped();
    if (!lines && !characters) return '';
    return `; ${lines} log lines (${characters} characters) dropped over the log limit of ${LOG_LIMITS.totalCharacters} characters`;
  }

  /** The run's report: `fields`, the log, the HTTP requests, what was dropped, and the command's exit code. */
  report(fields: RunFields, requests: HttpRequestLog[] = []): RunReport {
    return { ...fields, logs: this.lines, requests, dropped: this.dropped(), exitCode: exitCodeOf(fields) };
  }
}

/** What `svc-integration run` exits with for a run that ended so. */
function exitCodeOf(fields: RunFields): number {
  if (fields.outcome === 'ok') return EXIT_CODES.ok;
  if (fields.outcome === 'timeout') return EXIT_CODES.timeout;
  if (fields.error?.code === 'INVALID_MESSAGE') return EXIT_CODES.internal;
  return fields.error?.phase === 'boot' ? EXIT_CODES.boot : EXIT_CODES.error;
}
