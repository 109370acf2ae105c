import { describe, expect, it } from 'vitest';
import { createMockPlatform } from '../../../src/mock';
import { seedDemoExperiences } from '../../../src/mock/platform/experiences/fixtures';

// The demo experiences: a control group, a segment, a draft iteration for preview, an archived one.
const CALLBACK = 'https://experiences.svc.example/v1/callback';

function demo() {
  const platform = createMockPlatform({ now: '2026-11-21T12:00:00Z' });
  const created = seedDemoExperiences(platform.admin.experiences, 'demo');
  const serve = (query: Parameters<typeof platform.services.experiences.experiences>[1]) =>
    platform.services.experiences.experiences('demo', query, CALLBACK);
  return { platform, created, serve };
}

describe('seedDemoExperiences', () => {
  it('creates three experiences: hero (control + draft iteration), loyalty (segmented), summer (archived)', () => {
    const { created, platform } = demo();
    expect(created.map((e) => [e.id, e.name, e.archived, e.iterations.map((it) => it.published)])).toEqual([
      [1, 'Home page hero', false, [true, false]],
      [2, 'Loyalty offer', false, [true]],
      [3, 'Summer campaign banner', true, [true]],
    ]);
    expect(created[0].iterations[0].variations.map((v) => [v.id, v.isControl, v.weight])).toEqual([
      [11, true, 20],
      [12, false, 40],
      [13, false, 40],
    ]);
    expect(platform.properties.has('demo')).toBe(true);
  });

  it('a new visitor gets the hero only; ignoreSegments adds the loyalty offer; preview can show the draft variation', () => {
    const { serve } = demo();
    const plain = serve({ contextId: 'v' });
    expect(plain.found && plain.experiencePayloads.map((p) => p.id)).toEqual([1]);
    const all = serve({ contextId: 'v', ignoreSegments: true });
    expect(all.found && all.experiencePayloads.map((p) => p.id)).toEqual([1, 2]);
    const draft = serve({ contextId: 'v', preview: true, variation: 14 });
    expect(draft.found && draft.experiencePayloads.map((p) => [p.id, p.payload.headline])).toEqual([
      [1, 'New arrivals are in'],
    ]);
    expect(serve({ contextId: 'v', experienceIds: [3] })).toEqual({ found: false, experienceId: 3 });
  });
});
