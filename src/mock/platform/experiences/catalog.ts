import type {
  Experience,
  ExperienceDefinition,
  Iteration,
  IterationDefinition,
  Variation,
  VariationDefinition,
} from './types';

/**
 * The experiences of every property, and the admin operations that change them. Definitions are
 * checked here so a test or demo that defines a broken experience hears about it at once.
 */
export interface Catalog {
  /** Creates an experience with its first iteration (published unless `published: false`). */
  create(trackingId: string, definition: ExperienceDefinition): Experience;
  /** Adds an iteration; it stays unpublished (served only with `preview`) unless `published: true`. */
  addIteration(trackingId: string, experienceId: number, definition: IterationDefinition): Iteration;
  /** Publishes the latest iteration. */
  publish(trackingId: string, experienceId: number): Iteration;
  /** Archives an experience: never served again; asking for it by id is a 404. */
  archive(trackingId: string, experienceId: number): Experience;
  get(trackingId: string, experienceId: number): Experience | undefined;
  /** The property's experiences by id, archived ones included. */
  list(trackingId: string): Experience[];
}

const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A checked iteration of `experience`: variation ids (given or the next free ones), weights, payloads, segment. */
function iteration(experience: Experience, definition: IterationDefinition, published: boolean): Iteration {
  const where = `experience ${experience.id}, iteration ${experience.iterations.length + 1}`;
  if (!Array.isArray(definition?.variations) || definition.variations.length === 0) {
    throw new TypeError(`experiences: ${where} needs at least one variation`);
  }
  if (
    definition.segment !== undefined &&
    (typeof definition.segment?.name !== 'string' || typeof definition.segment.condition !== 'object')
  ) {
    throw new TypeError(`experiences: ${where}: a segment is {name, condition} with a JsonLogic condition`);
  }
  // Master ids already used in this experience keep their meaning; new ones continue the sequence.
  const known = new Set(experience.iterations.flatMap((it) => it.variations.map((v) => v.id)));
  let next = experience.id * 10 + known.size + 1;
  const variations = definition.variations.map((v: VariationDefinition): Variation => {
    let id = v.id;
    if (id === undefined) {
      while (known.has(next)) next++;
      id = next++;
    }
    if (!isPositiveInteger(id))
      throw new TypeError(`experiences: ${where}: variation id must be a positive integer (got ${id})`);
    const weight = v.weight ?? 1;
    if (!(typeof weight === 'number' && weight > 0 && Number.isFinite(weight))) {
      throw new TypeError(`experiences: ${where}: variation ${id} weight must be a positive number (got ${weight})`);
    }
    const payload = v.payload ?? {};
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new TypeError(`experiences: ${where}: variation ${id} payload must be a JSON object`);
    }
    known.add(id);
    const isControl = v.isControl === true;
    return {
      id,
      name: v.name ?? (isControl ? 'Control' : `Variation ${id}`),
      payload: structuredClone(payload),
      weight,
      isControl,
    };
  });
  if (new Set(variations.map((v) => v.id)).size !== variations.length)
    throw new TypeError(`experiences: ${where}: variation ids repeat`);
  return {
    number: experience.iterations.length + 1,
    variations,
    segment: definition.segment && structuredClone(definition.segment),
    published,
  };
}

export function createCatalog(ensureProperty: (trackingId: string) => void): Catalog {
  const byProperty = new Map<string, Map<number, Experience>>();
  const experiences = (trackingId: string) => {
    const map = byProperty.get(trackingId) ?? new Map<number, Experience>();
    byProperty.set(trackingId, map);
    return map;
  };
  const existing = (trackingId: string, experienceId: number) => {
    const experience = byProperty.get(trackingId)?.get(experienceId);
    if (!experience) throw new RangeError(`experiences: no experience ${experienceId} in "${trackingId}"`);
    return experience;
  };

  return {
    create(trackingId, definition) {
      // The whole definition is checked before the property or its experiences are touched.
      const known = byProperty.get(trackingId);
      const id = definition.id ?? Math.max(0, ...(known?.keys() ?? [])) + 1;
      if (!isPositiveInteger(id)) throw new TypeError(`experiences: id must be a positive integer (got ${id})`);
      if (known?.has(id)) throw new RangeError(`experiences: experience ${id} already exists in "${trackingId}"`);
      if (typeof definition.name !== 'string' || !definition.name)
        throw new TypeError('experiences: an experience needs a name');
      const experience: Experience = { id, name: definition.name, iterations: [], archived: false };
      experience.iterations.push(iteration(experience, definition, definition.published ?? true));
      ensureProperty(trackingId);
      experiences(trackingId).set(id, experience);
      return experience;
    },
    addIteration(trackingId, experienceId, definition) {
      const experience = existing(trackingId, experienceId);
      const added = iteration(experience, definition, definition.published ?? false);
      experience.iterations.push(added);
      return added;
    },
    publish(trackingId, experienceId) {
      const latest = existing(trackingId, experienceId).iterations.at(-1) as Iteration;
      latest.published = true;
      return latest;
    },
    archive(trackingId, experienceId) {
      const experience = existing(trackingId, experienceId);
      experience.archived = true;
      return experience;
    },
    get: (trackingId, experienceId) => byProperty.get(trackingId)?.get(experienceId),
    list: (trackingId) => [...(byProperty.get(trackingId)?.values() ?? [])].sort((a, b) => a.id - b.id),
  };
}
