import { describe, expect, it } from 'vitest';
import { InvalidArgumentError, NoRecommendationsError, ServerError } from '../../src/core/errors';
import type { Recommendation } from '../../src/recommendations/types';
import { stateOfAnswer, stateOfFailure, stateOfSnapshot } from '../../src/recommendations/widget-state';

// A framework widget's state after one `get` (src/recommendations/widget-state.ts).
const item = (id: string): Recommendation => ({ id, weight: 1, strategy: 'popular', details: {} });
const answer = ['a', 'b', 'c', 'd'].map(item);

describe('stateOfAnswer', () => {
  it('is ready with the items to show: exclude, then transformItems, then limit', () => {
    const state = stateOfAnswer(answer, { exclude: ['b'], transformItems: (items) => [...items].reverse() }, 2);
    expect(state.status).toBe('ready');
    expect(state.items.map((i) => i.id)).toEqual(['d', 'c']);
    expect(state.error).toBeUndefined();
  });

  it("cuts to get's default limit, 10, without one", () => {
    const many = Array.from({ length: 12 }, (_, i) => item(`p${i}`));
    expect(stateOfAnswer(many, {}, undefined).items).toHaveLength(10);
  });

  it('is empty with a NoRecommendationsError when nothing is left', () => {
    const state = stateOfAnswer(answer, { exclude: ['a', 'b', 'c', 'd'] }, 4);
    expect(state.status).toBe('empty');
    expect(state.items).toEqual([]);
    expect(state.error).toBeInstanceOf(NoRecommendationsError);
    expect(state.error?.code).toBe('NO_RECOMMENDATIONS');
  });

  it('is error with what itemsToShow refuses, or what transformItems throws', () => {
    const refused = stateOfAnswer(answer, { transformItems: () => null as never }, 4);
    expect([refused.status, refused.items]).toEqual(['error', []]);
    expect(refused.error).toBeInstanceOf(InvalidArgumentError);
    expect((refused.error as InvalidArgumentError).argument).toBe('transformItems');
    const failure = new RangeError('no stock data');
    const broken = () => {
      throw failure;
    };
    expect(stateOfAnswer(answer, { transformItems: broken }, 4)).toEqual({
      items: [],
      status: 'error',
      error: failure,
    });
  });
});

describe('stateOfFailure', () => {
  it('is empty for NO_RECOMMENDATIONS and error for any other failure, the error kept', () => {
    const none = new NoRecommendationsError('recommendations popular');
    expect(stateOfFailure(none)).toEqual({ items: [], status: 'empty', error: none });
    const failure = new ServerError('recommendations popular', 'status 503');
    expect(stateOfFailure(failure)).toEqual({ items: [], status: 'error', error: failure });
  });
});

describe('stateOfSnapshot', () => {
  it("is a ready snapshot's items through stateOfAnswer, as any answer's", () => {
    const state = stateOfSnapshot({ items: answer, status: 'ready', error: null }, { exclude: ['a'] }, 2);
    expect(state).toEqual({ items: [item('b'), item('c')], status: 'ready', error: undefined });
    const none = stateOfSnapshot({ items: answer, status: 'ready', error: null }, { exclude: ['a', 'b', 'c', 'd'] }, 2);
    expect([none.status, none.error?.code]).toEqual(['empty', 'NO_RECOMMENDATIONS']);
  });

  it('is an empty or error snapshot as it is, its code and message the error', () => {
    const error = { code: 'TIMEOUT', message: 'recommendations popular timed out' };
    expect(stateOfSnapshot({ items: [], status: 'error', error }, { exclude: ['a'] }, 2)).toEqual({
      items: [],
      status: 'error',
      error,
    });
  });
});
