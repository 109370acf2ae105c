// The send loop: batches one request at a time, the backoff after a failed attempt, flush() for
// "send now", and page exit, where the whole queue leaves in keepalive requests: gzip compressed
// ahead of time while the backoff waited, JSON for the few events that came after.
import { qaRecord } from '@svc/core/internal';
import {
  backoff,
  body,
  compress,
  fitting,
  GZIP_FROM,
  KEEPALIVE_BUDGET,
  MAX_BODY,
  MAX_JSON,
  post,
  sizeOf,
} from './delivery';
import type { EventQueue, Queued } from './queue';
import { retryable } from './retryable';

/**
 * Ms on the page's monotonic clock: waits within a page (the backoff, Retry-After) are measured on
 * it, so that a jump of the wall clock (`Date.now`) neither delays a batch nor makes a wait negative.
 */
const monotonic = () => performance.now();

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
  /**
   * "Send now": every batch at once, our own backoff skipped (a Retry-After the platform sent is not); the next batch
   * goes keepalive when it fits.
   */
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
  /**
   * Set by flush() ("send now": a navigation may follow, as after a click): the next batch goes keepalive when it fits.
   */
  #urgent = false;
  /** Set by flush() until its run ends: every batch follows at once, however few events wait. */
  #flushing = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
  #attempt = 0;
  /** When the backoff ends, on the monotonic clock (none yet: any time is after it). */
  #waitUntil = -Infinity;
  /**
   * The events of the last batch the platform refused with 400 while it held more than one: one
   * of them (at least) is bad. Until each is settled, batches carry at most `#splitSize` events,
   * half of that batch, so that halving isolates the bad event and only it is dropped.
   */
  #suspects = new Set<Queued>();
  #splitSize = Infinity;
  /**
   * The part of the wait the platform asked for (Retry-After): flush() waits for it, not for the rest of the backoff.
   */
  #retryAfterUntil = -Infinity;
  /**
   * Batches compressed ahead of time, oldest events first: after a failed attempt, the events
   * waiting for the backoff (see `#prepare`). Page exit sends them as they are (nothing can be
   * awaited there), and so does the next attempt when they hold every unsent event.
   */
  #ready: Batch[] = [];
  #preparing = false;
  #prepareTimer: ReturnType<typeof setTimeout> | undefined;

  readonly #context: SenderContext;

  constructor(context: SenderContext) {
    this.#context = context;
  }

  schedule(now?: boolean) {
    if (!this.#sending() || this.#running) return;
    const { batchSize, batchDelay } = this.#context;
    const delay = now || this.#isolating() || this.#context.queue.length >= batchSize ? -1 : batchDelay;
    const backoffLeft = this.#waitUntil - monotonic(); // the clock read once: a call into the browser, made per emit
    const wait = Math.max(backoffLeft, delay);
    if (wait < 0) void this.#run();
    else if (!this.#timer) {
      const backoffEnd = this.#waitUntil;
      this.#timer = setTimeout(() => this.#run(backoffEnd), wait);
    }
    // Events that come during the backoff are compressed once a batchDelay has gathered them.
    if (backoffLeft > 0 && !this.#preparing && this.#unprepared().length)
      this.#prepareTimer ??= setTimeout(() => {
        this.#prepareTimer = undefined;
        void this.#prepare();
      }, batchDelay);
  }

  flush() {
    this.#waitUntil = this.#retryAfterUntil;
    this.#urgent = true;
    this.#flushing = true;
    return this.#run();
  }

  /**
   * Page exit (`pagehide`, or hidden, which may be the last the page sees): nothing can be awaited
   * here, so the batches compressed ahead of time go as they are, then the events none holds as
   * JSON, all within what the keepalive budget has left after the requests in flight. An event in
   * a request still in flight without keepalive goes again (the platform deduplicates). What does
   * not fit stays stored for the next page.
   */
  leave() {
    this.#context.queue.save();
    if (!this.#context.allowed()) return;
    let budget = KEEPALIVE_BUDGET - this.#keepaliveBytes;
    let events = this.#unprepared();
    for (const batch of this.#ready) {
      const bytes = sizeOf(batch.data);
      if (bytes > budget) continue;
      budget -= bytes;
      this.#exit(batch);
    }
    while (events.length) {
      const n = fitting(
        events.map((e) => e.bytes),
        Math.min(budget, MAX_BODY),
      );
      const batch = { events: events.slice(0, n), data: body(events.slice(0, n).map((e) => e.json)) };
      const bytes = sizeOf(batch.data);
      if (bytes > budget) break;
      budget -= bytes;
      this.#exit(batch);
      events = events.slice(n);
    }
  }

  online() {
    this.#attempt = 0;
    this.#waitUntil = -Infinity;
    this.schedule(true);
  }

  stop() {
    clearTimeout(this.#timer);
    clearTimeout(this.#prepareTimer);
  }

  #sending() {
    return this.#context.allowed() && this.#context.queue.waiting() > 0;
  }

  /**
   * `endedBackoff`: the end of the backoff that the calling timer waited for, which is then over
   * whatever the monotonic clock reads. A browser may fire a timer while its coarsened
   * `performance.now()` still reads a little before the timer's time (up to a millisecond in
   * Chromium, more where the clock is coarser): read by the clock alone, the backoff would not be
   * over yet, and the retry would wait another `batchDelay`.
   */
  #run(endedBackoff?: number) {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (endedBackoff === this.#waitUntil) this.#waitUntil = -Infinity;
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
    for (let batches = 0; this.#sending() && monotonic() >= this.#waitUntil; batches++) {
      if (batches > 0 && !this.#flushing && !this.#isolating() && queue.waiting() < batchSize) break;
      const unsent = queue.unsent();
      const limit = this.#isolating() ? this.#splitSize : Infinity;
      const ready = limit === Infinity && this.#unprepared().length === 0 ? this.#ready[0] : undefined;
      const batch = ready ?? (await this.#nextBatch(unsent, 'now', Math.min(fittingBatch(unsent), limit)));
      if (!this.#context.allowed()) break; // consent withdrawn while compressing
      if (!this.#stillUnsent(batch.events)) continue; // page exit took some while compressing: they are in flight
      const keepalive = this.#urgent && sizeOf(batch.data) <= KEEPALIVE_BUDGET - this.#keepaliveBytes;
      this.#urgent = false;
      await this.#transmit(batch.events, batch.data, keepalive);
    }
  }

  /**
   * The next batch of `events`: the first `n`, at first every event that fits (gzip, by
   * `CompressionStream`, under `MAX_BODY` from at most `MAX_JSON` of JSON; without
   * `CompressionStream`, JSON under `MAX_BODY`). Compressed bigger than a request may be: fewer
   * events, in proportion, with a margin. One event too big for any request goes alone, and the
   * platform refuses it (413). A batch to send `now` under `GZIP_FROM` characters of JSON stays
   * JSON; one made ahead of page exit is always gzip.
   */
  async #nextBatch(events: Queued[], when: 'now' | 'at-exit', n = fittingBatch(events)): Promise<Batch> {
    const json = body(events.slice(0, n).map((e) => e.json));
    const gzip = when === 'at-exit' || json.length >= GZIP_FROM ? await compress(json) : undefined;
    if (!gzip || gzip.length <= MAX_BODY || n === 1) return { events: events.slice(0, n), data: gzip ?? json };
    const fewer = Math.max(1, Math.min(n - 1, Math.floor(((n * MAX_BODY) / gzip.length) * 0.9)));
    return this.#nextBatch(events, when, fewer);
  }

  /**
   * Compresses the unsent events no ready batch holds into ready batches (single-flight): after a
   * failed attempt, and for events that came during the backoff.
   */
  async #prepare() {
    if (this.#preparing) return;
    this.#preparing = true;
    try {
      for (let events = this.#unprepared(); events.length && this.#context.allowed(); events = this.#unprepared()) {
        const batch = await this.#nextBatch(events, 'at-exit');
        this.#ready.push(batch); // read after the await: `#unprepared` may have replaced the array meanwhile
      }
    } finally {
      this.#preparing = false;
    }
  }

  /**
   * The unsent events no ready batch holds, oldest first. A ready batch holding an event no longer
   * unsent (acknowledged, dropped, in a keepalive request) is let go: its events are then unprepared.
   */
  #unprepared(): Queued[] {
    const unsent = this.#context.queue.unsent();
    const waiting = new Set(unsent);
    this.#ready = this.#ready.filter((batch) => batch.events.every((e) => waiting.has(e)));
    const held = new Set(this.#ready.flatMap((batch) => batch.events));
    return unsent.filter((e) => !held.has(e));
  }

  /** Whether every one of `events` is still unsent: none acknowledged, dropped, or in a keepalive request. */
  #stillUnsent(events: Queued[]) {
    const unsent = new Set(this.#context.queue.unsent());
    return events.every((e) => unsent.has(e));
  }

  /** A keepalive request of page exit; its answer (when the page still runs) lets the loop go on. */
  #exit(batch: Batch) {
    void this.#transmit(batch.events, batch.data, true).then(() => this.schedule());
  }

  /**
   * Sends events (`data`: their batch, gzip or not) and settles them by the answer: acknowledged
   * or refused leave the queue, anything else (no answer within `requestTimeout` included) is a
   * failed attempt and the backoff goes on. A keepalive request counts against the page's
   * keepalive budget until it settles.
   */
  async #transmit(events: Queued[], data: string | Uint8Array<ArrayBuffer>, keepalive: boolean) {
    const { queue } = this.#context;
    const bytes = keepalive ? sizeOf(data) : 0;
    this.#keepaliveBytes += bytes;
    if (keepalive) queue.keepAlive(events, true);
    qaRecord('send', { events, keepalive });
    const response = await post(this.#context.url, data, keepalive, this.#context.requestTimeout);
    this.#keepaliveBytes -= bytes;
    // Only a keepalive request releases its events' mark: an attempt without keepalive that fails as
    // the page goes (the browser drops it) must not make page exit send again what a keepalive
    // request of that exit already carries.
    if (keepalive) queue.keepAlive(events, false);
    const status = response?.status;
    qaRecord('answer', { events, status });
    const answered = !retryable(status);
    queue.answered(answered);
    if (answered) {
      this.#attempt = 0;
      if (status === 400 && events.length > 1) return this.#split(events);
      if (status !== undefined && status > 299) this.#context.dropped.rejected += events.filter((e) => !e.done).length;
      queue.remove(events);
      return;
    }
    const retryAfterMs = response?.retryAfterMs;
    this.#retryAfterUntil = monotonic() + (retryAfterMs ?? 0);
    this.#waitUntil =
      monotonic() + backoff(this.#attempt++, retryAfterMs, this.#context.retryBase, this.#context.retryMax);
    void this.#prepare(); // what waits for the backoff, ready for page exit
  }

  /**
   * A 400 for a batch of several events: they stay queued, and the next batches carry half as
   * many, at once and without backoff, until the bad one is alone in its batch (then dropped as
   * `rejected`). A batch of n with one bad event costs about 2·log2(n) more requests.
   */
  #split(events: Queued[]) {
    this.#ready = []; // whole batches: the bad event would go again with good ones
    this.#suspects = new Set(events);
    this.#splitSize = Math.ceil(events.length / 2);
  }

  /**
   * Whether events of a refused batch wait to be sent in smaller batches (see `#split`); once none does, batches are
   * whole again.
   */
  #isolating() {
    for (const e of this.#suspects) if (!e.done) return true;
    this.#suspects.clear();
    this.#splitSize = Infinity;
    return false;
  }
}

/**
 * How many of the first events fit one batch: by their JSON under `MAX_JSON` where the browser compresses, else under
 * `MAX_BODY`.
 */
const fittingBatch = (events: Queued[]) =>
  fitting(
    events.map((e) => e.bytes),
    typeof CompressionStream === 'function' ? MAX_JSON : MAX_BODY,
  );

/** The delivery of one page; nothing is sent until `schedule` or `flush`. */
export function createSender(context: SenderContext): Sender {
  return new PageSender(context);
}
