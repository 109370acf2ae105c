import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { createHistory } from '../../src/tracker/history';
import type { TrackingEvent } from '../../src/tracker/types';

let seq = 0;
const event = (type: string): TrackingEvent => ({
  meta: { id: `e${++seq}`, type, ts: 0, visitorId: 'v', pageViewId: 'p', seq, url: 'https://shop.example/' },
  data: {},
});
const types = (events: TrackingEvent[]) => events.map((e) => e.meta.type);

describe('createHistory', () => {
  afterEach(() => vi.useRealTimers());

  it('replays the earlier events of the type to a new subscriber, oldest first, then tells it the new ones', () => {
    const history = createHistory();
    history.publish(event('ecView'));
    history.publish(event('ecProduct'));
    history.publish(event('ecView'));
    const heard: TrackingEvent[] = [];
    history.subscribe('ecView', (e) => heard.push(e));
    expect(heard.map((e) => e.meta.seq)).toEqual([seq - 2, seq]);
    history.publish(event('ecView'));
    expect(heard).toHaveLength(3);
  });

  it('matches a RegExp anywhere in the type, a g flag included', () => {
    const history = createHistory();
    const heard: TrackingEvent[] = [];
    history.subscribe(/^ec/g, (e) => heard.push(e));
    for (const type of ['ecView', 'ecProduct', 'recommendationShown', 'ecUser']) history.publish(event(type));
    expect(types(heard)).toEqual(['ecView', 'ecProduct', 'ecUser']);
  });

  it('is bounded: the last `limit` events, and the last of each type however old', () => {
    const history = createHistory(3);
    history.publish(event('ecView'));
    for (let i = 0; i < 10; i++) history.publish(event('ecProduct'));
    const heard: TrackingEvent[] = [];
    history.subscribe(/./, (e) => heard.push(e));
    expect(types(heard)).toEqual(['ecView', 'ecProduct', 'ecProduct', 'ecProduct']);
  });

  it('stops telling an unsubscribed handler', () => {
    const history = createHistory();
    const handler = vi.fn();
    const unsubscribe = history.subscribe('ecView', handler);
    unsubscribe();
    history.publish(event('ecView'));
    expect(handler).not.toHaveBeenCalled();
  });

  it('a throwing handler neither breaks publish nor the other handlers: its error is thrown later, on its own', () => {
    vi.useFakeTimers();
    const history = createHistory();
    const other = vi.fn();
    history.subscribe('ecView', () => {
      throw new Error('handler bug');
    });
    history.subscribe('ecView', other);
    expect(() => history.publish(event('ecView'))).not.toThrow();
    expect(other).toHaveBeenCalledTimes(1);
    expect(() => vi.runAllTimers()).toThrow('handler bug');
  });

  it('refuses a type that is neither a string nor a RegExp, and a handler that is not a function', () => {
    const history = createHistory();
    expect(() => history.subscribe(3 as never, () => {})).toThrow(InvalidArgumentError);
    expect(() => history.subscribe(3 as never, () => {})).toThrow('type must be a string or a RegExp (got 3)');
    expect(() => history.subscribe('ecView', 'no' as never)).toThrow(/handler must be a function/);
  });
});
