// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { qaChannel, qaRecord } from '../../src/core/qa-channel';
import { setPageTracker } from '../../src/core/tracker-slot';
import { watchPanels } from '../../src/qa/live';
import { type EmittedEvent, EVENTS_KEPT, readState, reasonsText } from '../../src/qa/model';
import { PANELS, type PageView } from '../../src/qa/panels';

const event = (i: number, type = 'ecProduct'): EmittedEvent => ({
  meta: { id: `e${i}`, type, ts: 1_700_000_000_000 + i },
  data: { i },
});

afterEach(() => {
  qaChannel().records.length = 0;
  setPageTracker(undefined);
});

describe('the events panel stays bounded (the last 100, and the last of each type)', () => {
  it('5,000 events: 100 rows and the one older event of another type', () => {
    const emitted = [event(0, 'ecUser'), ...Array.from({ length: 5000 }, (_, i) => event(i + 1))];
    const { events } = readState([], emitted);
    expect(events).toHaveLength(EVENTS_KEPT + 1);
    expect(events[0].id).toBe('e5000');
    expect(events.at(-1)).toMatchObject({ id: 'e0', type: 'ecUser' });
  });

  it('the events of sent batches in the records are bounded too', () => {
    for (let batch = 0; batch < 250; batch++) {
      const events = Array.from({ length: 20 }, (_, i) => ({ json: JSON.stringify(event(batch * 20 + i)) }));
      qaRecord('send', { events });
    }
    expect(readState(qaChannel().records).events).toHaveLength(EVENTS_KEPT);
  });

  it('a panel open while 5,000 events are emitted holds at most 100 rows and the last of each type', async () => {
    const handlers: ((e: EmittedEvent) => void)[] = [];
    const tracker = {
      visitorId: 'v',
      consentState: 'granted',
      queued: 0,
      dropped: { overflow: 0, rejected: 0, invalid: 0 },
      emit: () => undefined,
      on: (_type: unknown, handler: (e: EmittedEvent) => void) => {
        handlers.push(handler);
        return () => undefined;
      },
    };
    setPageTracker(tracker as never);
    const panel = PANELS.find((p) => p.id === 'events')!;
    const content = document.createElement('div');
    const page = (): PageView => ({ tracker: tracker as never, observed: 0, mock: undefined });
    const stop = watchPanels(new Map([[panel, content]]), page);
    handlers[0](event(0, 'ecView'));
    for (let i = 1; i <= 5000; i++) handlers[0](event(i));
    await new Promise((resolve) => setTimeout(resolve, 150));
    stop();
    const rows = content.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(EVENTS_KEPT + 1);
    expect(rows[rows.length - 1].textContent).toContain('ecView');
  });
});

describe('why an event was retried: each reason once, with its count', () => {
  it('repeats are counted, order kept', () => {
    const none = 'no answer (network failure or timeout)';
    expect(reasonsText([none, none, 'HTTP 503', none, 'HTTP 200'])).toBe(`${none} ×3; HTTP 503; HTTP 200`);
    expect(reasonsText([])).toBe('');
  });
});
