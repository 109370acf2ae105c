// The send loop: batches one request at a time, the backoff after a failed attempt, flush() for
// "send now", and page exit, where the whole queue leaves in keepalive requests.
import { qaRecord } from '@svc/core';
import { backoff, body, compress, compressNow, fitting, KEEPALIVE_BUDGET, MAX_BODY, MAX_JSON, post } from './delivery';
import type { EventQueue, Queued } from './queue';
import { retryable } from './retryable';

/** What the sender needs from the tracker. */
export interface SenderContext {
  url: string;
  queue: EventQueue;
  batchSize: number;
  batchDelay: number;
  retryBase: number;
  retryMax: number;
  requestTimeout: number;
  /** Whether events may be sent now (consent granted). */
  allowed: () => boolean;
  /** Counts events the platform refused. */
  dropped: { rejected: number };
}

/** The tracker's delivery. */
export interface Sender {
  /** Sends at once when `now` or `batchSize` events wait, else after `batchDelay`; never before the backoff ends. */
  schedule(now?: boolean): void;
  /** "Send now": every batch at once, our own backoff skipped (a Retry-After the platform sent is not); the next batch goes keepalive when it fits. */
  flush(): Promise<void>;
  /** Page exit: every event not already in a keepalive request leaves in keepalive requests, within the budget. */
  leave(): void;
  /** Back online: the backoff starts again from nothing and the queue goes now. */
  online(): void;
  /** No more timers. */
  stop(): void;
}

/** Events of one request, and its body: gzip bytes, or JSON where the browser cannot compress. */
interface Batch {
  events: Queued[];
  data: string | Uint8Array<ArrayBuffer>;
}

/** The delivery of one page: a class, so that each of its steps reads on its own. */
class PageSender implements Sender {
  /** Bytes of the keepalive requests in flight: they count against the page's keepalive budget. */
  #keepaliveBytes = 0;
  /** Set by flush() ("send now": a navigation may follow, as after a click): the next batch goes keepalive when it fits. */
  #urgent = false;
  /** Set by flush() until its run ends: every batch follows at once, however few events wait. */
  #flushing = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #attempt = 0;
  #waitUntil = 0;
  /** The part of the wait the platform asked for (Retry-After): flush() waits for it, not for the rest of the backoff. */
  #retryAfterUntil = 0;

  readonly #context: SenderContext;

  constructor(context: SenderContext) {
    this.#context = context;
  }

  schedule(now?: boolean) {
    if (!this.#sending() || this.#running) return;
    const { batchSize, batchDelay } = this.#context;
    const delay = now || this.#context.queue.length >= batchSize ? -1 : batchDelay;
    const wait = Math.max(this.#waitUntil - Date.now(), delay);
    if (wait < 0) void this.#run();
    else this.#timer ??= setTimeout(() => this.#run(), wait);
  }

  flush() {
    this.#waitUntil = this.#retryAfterUntil;
    this.#urgent = true;
    this.#flushing = true;
    return this.#run();
  }

  /**
   * Page exit (`pagehide`, or hidden, which may be the last the page sees): gzip by a synchronous
   * compressor (nothing can be awaited here), within what the keepalive budget has left after the
   * requests in flight; an event in a request still in flight without keepalive goes again (the
   * platform deduplicates). What does not fit stays stored for the next page.
   */
  leave() {
    const { queue } = this.#context;
    queue.save();
    let events = this.#context.allowed() ? queue.unsent() : [];
    let budget = KEEPALIVE_BUDGET - this.#keepaliveBytes;
    let n = fittingJson(events);
    while (n) {
      const data = compressNow(body(events.slice(0, n).map((e) => e.json)));
      if (data.length <= budget) {
        budget -= data.length;
        void this.#transmit(events.slice(0, n), data, true).then(() => this.schedule());
        events = events.slice(n);
        n = fittingJson(events);
      } else n = Math.min(n - 1, Math.floor(((n * budget) / data.length) * 0.95));
    }
  }

  online() {
    this.#attempt = 0;
    this.#waitUntil = 0;
    this.schedule(true);
  }

  stop() {
    clearTimeout(this.#timer);
  }

  #sending() {
    return this.#context.allowed() && this.#context.queue.waiting() > 0;
  }

  #run() {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#running ??= this.#send().finally(() => {
      this.#running = undefined;
      this.#flushing = false;
      this.schedule();
    });
    return this.#running;
  }

  /**
   * Sends batches one at a time until the queue is empty or an attempt fails (then waits for the
   * backoff); after the first, a batch follows at once only when `batchSize` events wait (a
   * backlog) or on flush(); fewer wait for `batchDelay` (a page emitting steadily sends few
   * requests, each costing the page its own work).
   */
  async #send() {
    const { queue, batchSize } = this.#context;
    for (let batches = 0; this.#sending() && Date.now() >= this.#waitUntil; batches++) {
      if (batches > 0 && !this.#flushing && queue.waiting() < batchSize) break;
      const next = this.#nextBatch(queue.unsent());
      // Awaited only when it is a promise: an urgent batch leaves in this task.
      const batch = next instanceof Promise ? await next : next;
      if (!this.#context.allowed()) break; // consent withdrawn while compressing
      const keepalive = this.#urgent && batch.data.length <= KEEPALIVE_BUDGET - this.#keepaliveBytes;
      this.#urgent = false;
      await this.#transmit(batch.events, batch.data, keepalive);
    }
  }

  /**
   * The next batch of `events`: the first `n`, at first every event that fits (gzip, by
   * `CompressionStream`, under `MAX_BODY` from at most `MAX_JSON` of JSON; without
   * `CompressionStream`, JSON under `MAX_BODY`). Compressed bigger than a request may be: fewer
   * events, in proportion, with a margin. One event too big for any request goes alone, and the
   * platform refuses it (413). "Send now" (urgent) compresses in this task and returns the batch
   * itself, not a promise: a navigation may end the page before an await returns.
   */
  #nextBatch(events: Queued[], n = fittingBatch(events)): Batch | Promise<Batch> {
    const json = body(events.slice(0, n).map((e) => e.json));
    const settle = (gzip: Uint8Array<ArrayBuffer> | undefined): Batch | Promise<Batch> => {
      if (!gzip || gzip.length <= MAX_BODY || n === 1) return { events: events.slice(0, n), data: gzip ?? json };
      return this.#nextBatch(events, Math.max(1, Math.min(n - 1, Math.floor(((n * MAX_BODY) / gzip.length) * 0.9))));
    };
    return this.#urgent ? settle(compressNow(json)) : compress(json).then(settle);
  }

  /**
   * Sends events (`data`: their batch, gzip or not) and settles them by the answer: acknowledged
   * or refused leave the queue, anything else (no answer within `requestTimeout` included) is a
   * failed attempt and the backoff goes on. A keepalive request counts against the page's
   * keepalive budget until it settles.
   */
  async #transmit(events: Queued[], data: string | Uint8Array<ArrayBuffer>, keepalive: boolean) {
    const { queue } = this.#context;
    const bytes = keepalive ? data.length : 0;
    this.#keepaliveBytes += bytes;
    if (keepalive) queue.keepAlive(events, true);
    qaRecord('send', { events, keepalive });
    const response = await post(this.#context.url, data, keepalive, this.#context.requestTimeout);
    this.#keepaliveBytes -= bytes;
    queue.keepAlive(events, false);
    const status = response?.status;
    qaRecord('answer', { events, status });
    const answered = !retryable(status);
    queue.answered(answered);
    if (answered) {
      if (status !== undefined && status > 299) this.#context.dropped.rejected += events.filter((e) => !e.done).length;
      this.#attempt = 0;
      queue.remove(events);
      return;
    }
    const retryAfterMs = response?.retryAfterMs;
    this.#retryAfterUntil = Date.now() + (retryAfterMs ?? 0);
    this.#waitUntil =
      Date.now() + backoff(this.#attempt++, retryAfterMs, this.#context.retryBase, this.#context.retryMax);
  }
}

/** How many of the first events fit one batch: by their JSON under `MAX_JSON` where the browser compresses, else under `MAX_BODY`. */
const fittingBatch = (events: Queued[]) =>
  fitting(
    events.map((e) => e.bytes),
    typeof CompressionStream === 'function' ? MAX_JSON : MAX_BODY,
  );

/** How many of the first events fit one batch of at most `MAX_JSON` (page exit compresses every batch). */
const fittingJson = (events: Queued[]) =>
  fitting(
    events.map((e) => e.bytes),
    MAX_JSON,
  );

/** The delivery of one page; nothing is sent until `schedule` or `flush`. */
export function createSender(context: SenderContext): Sender {
  return new PageSender(context);
}
