// Per experience and per variation: payloads served, views recorded, distinct visitors.
import { type ExperiencesState, servedKey } from './state';
import type { Experience, ExperienceMetrics, Variation } from './types';

/** The metrics of one experience of `trackingId`. */
function metricsOf(state: ExperiencesState, trackingId: string, experience: Experience): ExperienceMetrics {
  const variations = new Map<number, Variation>();
  for (const it of experience.iterations) for (const v of it.variations) variations.set(v.id, v);
  const ofExperience = state.views.filter((v) => v.trackingId === trackingId && v.experience === experience.id);
  const rows = [...variations.values()].map((v) => {
    const seen = ofExperience.filter((view) => view.variation === v.id);
    return {
      variation: v.id,
      name: v.name,
      isControl: v.isControl,
      served: state.served.get(servedKey(trackingId, experience.id, v.id)) ?? 0,
      views: seen.length,
      visitors: new Set(seen.map((view) => view.contextId)).size,
    };
  });
  return {
    experience: experience.id,
    name: experience.name,
    served: rows.reduce((sum, r) => sum + r.served, 0),
    views: ofExperience.length,
    visitors: new Set(ofExperience.map((view) => view.contextId)).size,
    variations: rows,
  };
}

/** All experiences of the property, or the one asked for. */
export function experienceMetrics(
  state: ExperiencesState,
  trackingId: string,
  experienceId?: number,
): ExperienceMetrics[] {
  return state.catalog
    .list(trackingId)
    .filter((e) => experienceId === undefined || e.id === experienceId)
    .map((experience) => metricsOf(state, trackingId, experience));
}
