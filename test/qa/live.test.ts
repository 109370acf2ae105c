// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qaChannel, qaRecord } from '../../src/core/qa-channel';
import { watchPanels } from '../../src/qa/live';
import type { PageView, Panel } from '../../src/qa/panels';

const page = (): PageView => ({ tracker: undefined, observed: 0, mock: undefined });
/** A panel that writes how many records it was rendered from. */
const counting: Panel = {
  id: 'count',
  title: 'Count',
  render: () => document.createTextNode(String(qaChannel().records.length)),
};

afterEach(() => {
  qaChannel().records.length = 0;
  vi.useRealTimers();
});

/** A panel that reads a value of the page no record announces (as the visitor panel reads the consent). */
let consent = 'granted';
const readingNow: Panel = {
  id: 'now',
  title: 'Now',
  readsNow: true,
  render: () => document.createTextNode(consent),
};

describe('the QA panels kept up to date', () => {
  it('two watchers on one page (the demo and the overlay) both follow the channel; the slot empties with the last', async () => {
    const first = document.createElement('div');
    const second = document.createElement('div');
    const stopFirst = watchPanels(new Map([[counting, first]]), page);
    const stopSecond = watchPanels(new Map([[counting, second]]), page);
    qaRecord('request', { url: 'http://mock/x' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([first.textContent, second.textContent]).toEqual(['1', '1']);
    stopSecond();
    expect(qaChannel().listener).toBeDefined();
    qaRecord('request', { url: 'http://mock/y' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([first.textContent, second.textContent]).toEqual(['2', '1']);
    stopFirst();
    expect(qaChannel().listener).toBeUndefined();
  });

  it('a panel that reads the page now says when it read it, and reads again on Refresh only (or on a record)', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-01T12:00:03.250Z') });
    consent = 'granted';
    const content = document.createElement('div');
    const stop = watchPanels(new Map([[readingNow, content]]), page);
    const at = content.querySelector('time[data-as-of="now"]')!;
    expect([at.getAttribute('datetime'), at.textContent]).toEqual(['2026-12-01T12:00:03.250Z', '12:00:03']);
    expect(content.textContent).toContain('granted');
    // Time passes and the value changes, with no record: the panel still says what it read, and when.
    consent = 'denied';
    vi.advanceTimersByTime(5000);
    expect([at.getAttribute('datetime'), content.textContent]).toEqual([
      '2026-12-01T12:00:03.250Z',
      'as of 12:00:03 UTC Refreshgranted',
    ]);
    content.querySelector('button')!.click();
    expect([at.getAttribute('datetime'), at.textContent]).toEqual(['2026-12-01T12:00:08.250Z', '12:00:08']);
    expect(content.textContent).toContain('denied');
    // A record renders every panel again: the time of that read.
    vi.advanceTimersByTime(2000);
    qaRecord('request', { url: 'http://mock/z' });
    vi.advanceTimersByTime(150);
    expect(at.textContent).toBe('12:00:10');
    stop();
  });
});
