// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
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
});

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
});
