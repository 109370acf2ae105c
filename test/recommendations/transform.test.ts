import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/core/errors';
import { configToAsk, itemsToShow } from '../../src/recommendations/transform';
import type { Recommendation } from '../../src/recommendations/types';
import { thrown } from '../support/failure';

// What a widget shows of an answer (src/recommendations/transform.ts).
const item = (id: string): Recommendation => ({ id, weight: 1, strategy: 'popular', details: {} });
const answer = ['a', 'b', 'c', 'd'].map(item);

describe('configToAsk', () => {
  it("asks for limit plus the excluded ids' count, up to 50; the default limit is 10", () => {
    expect(configToAsk({ limit: 4 }, { exclude: ['x', 'y'] }).limit).toBe(6);
    expect(configToAsk({}, { exclude: ['x'] }).limit).toBe(11);
    expect(configToAsk({ limit: 49 }, { exclude: ['x', 'y'] }).limit).toBe(50);
  });

  it('leaves the config as it is without exclude, and a limit get will refuse as given', () => {
    const config = { limit: 4 };
    expect(configToAsk(config, {})).toBe(config);
    expect(configToAsk({ limit: '4' as unknown as number }, { exclude: ['x'] }).limit).toBe('4');
  });

  it('refuses an exclude that is no list of ids, naming it', () => {
    expect(thrown(() => configToAsk({}, { exclude: 'a' as never }), InvalidArgumentError).argument).toBe('exclude');
  });
});

describe('itemsToShow', () => {
  it('leaves out the excluded ids, then transforms, then cuts to limit', () => {
    const shown = itemsToShow(answer, { exclude: ['b'], transformItems: (items) => [...items].reverse() }, 2);
    expect(shown.map((i) => i.id)).toEqual(['d', 'c']);
  });

  it('refuses a transformItems that is no function or returns no list', () => {
    expect(thrown(() => itemsToShow(answer, { transformItems: 1 as never }), InvalidArgumentError).argument).toBe(
      'transformItems',
    );
    expect(
      thrown(() => itemsToShow(answer, { transformItems: () => null as never }), InvalidArgumentError).argument,
    ).toBe('transformItems');
  });
});
