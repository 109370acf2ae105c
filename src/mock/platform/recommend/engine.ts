// One recommendation: strategy list → chain of components → candidates per component (seeds and
// earlier picks excluded) → rules → re-rank → fill up to n → details in the requested locale.
import { normalizeLocale } from '@svc/core';
import { Catalog, type Details } from './catalog';
import type { VisitorLocales } from './ingest';
import { Interactions } from './interactions';
import { applies, type CompiledRule, compileRules, type RuleMeter } from './rules';
import { CHAINS, PARTNER_MINIMUM_PRODUCTS, PARTNERS, type ScoringInput, STRATEGIES, type Strategy } from './strategies';
import { topScores } from './top';
import type { DebugRule, RecommendedItem, RecommendRequest, RecommendResult } from './types';

/** Everything the engine keeps for one property. */
export class PropertyIndexes {
  readonly catalog = new Catalog();
  readonly interactions = new Interactions();
  readonly visitorLocales: VisitorLocales = new Map();
  globalRules: CompiledRule[] = [];
  promotions: CompiledRule[] = [];
  readonly experienceRules = new Map<string, CompiledRule[]>();
  private scratch = new Float64Array(0);
  /** Bumped by every change of the catalog or the indexes (invalidates cached rankings). */
  version = 0;
  /** Catalog-wide rankings kept between requests (see cachedRanking). */
  readonly rankings = new Map<string, { version: number; ranked: [number, number][]; complete: boolean }>();

  /** A zeroed score per product, reused across requests (callers zero what they touched). */
  scores(): Float64Array {
    if (this.scratch.length < this.catalog.size) this.scratch = new Float64Array(Math.max(64, this.catalog.size * 2));
    return this.scratch;
  }
}

/**
 * With rules, the best this many candidates of each component are evaluated and re-ranked (promotions can lift them).
 */
const RULE_CANDIDATE_POOL = 500;

interface Component {
  /** What items report as their `strategy`. */
  name: string;
  strategy: Strategy;
  /** Partner strategies answer only once the catalog meets their prerequisite. */
  partner: boolean;
  /** Seeded with the visitor's own history (contextId). */
  personal: boolean;
}

/** The components of a strategy list, composites expanded; undefined when a name is unknown. */
function resolveChain(strategies: readonly string[]): Component[] | undefined {
  const components: Component[] = [];
  for (const name of strategies) {
    const names = Object.hasOwn(CHAINS, name) ? CHAINS[name] : [name];
    for (const component of names) {
      if (components.some((c) => c.name === component)) continue;
      if (Object.hasOwn(STRATEGIES, component))
        components.push({ name: component, strategy: STRATEGIES[component], partner: false, personal: false });
      else if (Object.hasOwn(PARTNERS, component)) {
        const { like, personal } = PARTNERS[component];
        components.push({ name: component, strategy: STRATEGIES[like], partner: true, personal });
      } else return undefined;
    }
  }
  return components;
}

/** True once views, basket adds and purchases each cover PARTNER_MINIMUM_PRODUCTS distinct products. */
export function partnersReady(interactions: Interactions): boolean {
  const { view, add, purchase } = interactions.distinct;
  return Math.min(view, add, purchase) >= PARTNER_MINIMUM_PRODUCTS;
}

/** What every component of a chain ranks with: the request's seeds, history, locale and rules. */
interface Ranking {
  indexes: PropertyIndexes;
  request: RecommendRequest;
  now: number;
  seeds: number[];
  categories: string[];
  /** The visitor's products (for personal components). */
  history: readonly number[];
  rules: CompiledRule[];
  ruleRun: RuleRun;
  locale: string | undefined;
  fallbackLocale: string | undefined;
}

/**
 * Answers a validated request. Throws InvalidRuleError (from compileRules) when the request's
 * rules are malformed, whether or not the property exists.
 */
export function recommend(
  indexes: PropertyIndexes | undefined,
  request: RecommendRequest,
  now: number,
): RecommendResult {
  const requestRules = compileRules(request.rules, 'request');
  const components = indexes && resolveChain(request.strategies);
  // PROTOCOL.md's exact answer, with or without debug: nothing was considered.
  if (!indexes || !components) return { items: [] };
  const ranking = rankingFor(indexes, request, requestRules, now);
  const items = rankChain(ranking, components);
  if (!request.debug) return { items };
  const used = ranking.locale === undefined ? {} : { locale: ranking.locale };
  const report: DebugRule[] = ranking.rules.map((rule, i) => ({
    source: rule.source,
    name: rule.name,
    condition: rule.condition,
    factor: rule.factor,
    matched: [...ranking.ruleRun.matched[i]],
  }));
  return { items, rules: report, ...used };
}

/** The request's seeds, history, locale (core's rule, when the catalog has it) and rules in force. */
function rankingFor(
  indexes: PropertyIndexes,
  request: RecommendRequest,
  requestRules: CompiledRule[],
  now: number,
): Ranking {
  const { catalog, interactions } = indexes;
  const rules = rulesInForce(indexes, request, requestRules);
  const { seeds, categories } = seedsOf(request, catalog);
  const history = request.contextId !== undefined ? interactions.history(request.contextId) : [];
  const fallbackLocale = catalog.defaultLocale();
  // The requested locale in any case or region-tagged form (core's rule), when the catalog has it.
  const requested = normalizeLocale(request.locale);
  const locale = catalog.hasLocale(requested) ? requested : fallbackLocale;
  const seedView: Details = seeds.length > 0 ? catalog.ruleView(seeds[0], locale, fallbackLocale) : Object.create(null);
  const ruleRun: RuleRun = {
    rules,
    complete: request.debug,
    meters: rules.map(() => ({ steps: 0 })),
    matched: rules.map(() => new Set<string>()),
    catalog,
    seed: seedView,
    locale,
    fallbackLocale,
  };
  return { indexes, request, now, seeds, categories, history, rules, ruleRun, locale, fallbackLocale };
}

/** The chain's components in order, each filling what the ones before left of `n`, no product twice. */
function rankChain(ranking: Ranking, components: Component[]): RecommendedItem[] {
  const { indexes, request, seeds, history, rules, locale, fallbackLocale } = ranking;
  const { catalog, interactions } = indexes;
  const excluded = new Set(seeds);
  const items: RecommendedItem[] = [];
  const ready = partnersReady(interactions);
  for (const component of components) {
    const need = request.n - items.length;
    if (need <= 0) break;
    if (component.partner && !ready) continue;
    const componentSeeds = component.personal ? [...seeds, ...history] : seeds;
    if (component.strategy.seed === 'product' && componentSeeds.length === 0) continue;
    const input = {
      catalog,
      interactions,
      seeds: componentSeeds,
      categories: component.name === 'popular' ? ranking.categories : [],
      now: ranking.now,
    };
    const skip = component.personal ? new Set([...excluded, ...history]) : excluded;
    const k = rules.length > 0 ? Math.max(RULE_CANDIDATE_POOL, need) : need;
    let ranked = component.strategy.seed === 'catalog' ? cachedRanking(indexes, component, input, k, skip) : undefined;
    ranked ??= rank(indexes, component.strategy, input, k, skip);
    if (rules.length > 0) ranked = applyRules(ranked, need, ranking.ruleRun);
    for (const [product, weight] of ranked.slice(0, need)) {
      excluded.add(product);
      const details = { ...catalog.details(product, locale, fallbackLocale) };
      items.push({ id: catalog.products[product].id, weight, strategy: component.name, details });
    }
  }
  return items;
}

/** The rules a request is ranked by, in report order: global, promotions, its experience's, its own. */
function rulesInForce(
  indexes: PropertyIndexes,
  request: RecommendRequest,
  requestRules: CompiledRule[],
): CompiledRule[] {
  const experienceRules =
    request.experienceId === undefined ? [] : (indexes.experienceRules.get(request.experienceId) ?? []);
  return [...indexes.globalRules, ...indexes.promotions, ...experienceRules, ...requestRules];
}

/** The request's product seeds (catalog indexes, each once, `all` and unknown ids left out) and category seeds. */
function seedsOf(request: RecommendRequest, catalog: Catalog): { seeds: number[]; categories: string[] } {
  const seeds: number[] = [];
  const categories: string[] = [];
  for (const item of request.seed) {
    if (typeof item === 'string') {
      const product = item === 'all' ? undefined : catalog.find(item);
      if (product !== undefined && !seeds.includes(product)) seeds.push(product);
    } else if (item && item.type === 'c' && typeof item.id === 'string') categories.push(item.id);
  }
  return { seeds, categories };
}

/** Scores a component (scores add up per product: several seeds aggregate) and keeps the best `k` not in `skip`. */
function rank(
  indexes: PropertyIndexes,
  strategy: Strategy,
  input: ScoringInput,
  k: number,
  skip: ReadonlySet<number>,
): [number, number][] {
  const scores = indexes.scores();
  const candidates: number[] = [];
  strategy.score(input, (product, score) => {
    if (!(score > 0)) return;
    if (scores[product] === 0) candidates.push(product);
    scores[product] += score;
  });
  const ranked = topScores(candidates, scores, k, skip);
  for (const product of candidates) scores[product] = 0;
  return ranked;
}

/** How many of a catalog-wide ranking are kept between requests. */
const RANKING_CACHE_DEPTH = 640;

/**
 * A catalog-wide strategy's ranking depends only on the indexes, its category seeds and its time
 * bucket (`Strategy.period`): it is kept until any of them changes, and requests take their best
 * `k` not in `skip` from it. Undefined when the kept part is too short (then rank afresh).
 */
function cachedRanking(
  indexes: PropertyIndexes,
  component: Component,
  input: ScoringInput,
  k: number,
  skip: ReadonlySet<number>,
): [number, number][] | undefined {
  const key = `${component.name}\u0000${component.strategy.period?.(input.now) ?? ''}\u0000${input.categories.join('\u0000')}`;
  let entry = indexes.rankings.get(key);
  if (entry?.version !== indexes.version) {
    const ranked = rank(indexes, component.strategy, input, RANKING_CACHE_DEPTH, new Set());
    entry = { version: indexes.version, ranked, complete: ranked.length < RANKING_CACHE_DEPTH };
    if (indexes.rankings.size >= 64) indexes.rankings.clear();
    indexes.rankings.set(key, entry);
  }
  const out: [number, number][] = [];
  for (const pair of entry.ranked) {
    if (out.length === k) return out;
    if (!skip.has(pair[0])) out.push(pair);
  }
  return out.length === k || entry.complete ? out : undefined;
}

/** What every component's rule pass of one request shares. */
interface RuleRun {
  /** The rules in force, in their report order. */
  rules: CompiledRule[];
  /** Debug: evaluate every candidate of the pool, so the report is complete. */
  complete: boolean;
  /** Step budget spent by each rule (same index as `rules`). */
  meters: RuleMeter[];
  /** Ids each rule matched (same index as `rules`), for the debug report. */
  matched: Set<string>[];
  catalog: Catalog;
  /** The first seed product's rule view (`seed` in a condition). */
  seed: Details;
  locale: string | undefined;
  fallbackLocale: string | undefined;
}

/**
 * Multiplies each candidate's weight by the factor of every rule it meets, drops factor 0, re-ranks.
 * Candidates come best first; unless `run.complete` (debug: every candidate of the pool is reported),
 * evaluation stops once no later candidate, even boosted by every factor above 1, could enter the
 * best `need` (exact, not an approximation).
 */
function applyRules(ranked: [number, number][], need: number, run: RuleRun): [number, number][] {
  const { rules, complete, meters, matched, catalog, seed, locale, fallbackLocale } = run;
  const kept: [number, number][] = [];
  const maxBoost = rules.reduce((boost, rule) => boost * Math.max(1, rule.factor), 1);
  const best: number[] = []; // the `need` best weights so far, descending
  for (const [product, score] of ranked) {
    if (!complete && best.length >= need && score * maxBoost < best[need - 1]) break;
    const data = { seed, rec: catalog.ruleView(product, locale, fallbackLocale) };
    let weight = score;
    let removed = false;
    for (const [i, rule] of rules.entries()) {
      if (!applies(rule, data, meters[i])) continue;
      matched[i].add(catalog.products[product].id);
      weight *= rule.factor;
      if (rule.factor === 0) removed = true;
    }
    if (removed) continue;
    // Only factor 0 removes; products of huge or tiny factors stay finite and positive (JSON has no Infinity).
    weight = Math.min(Math.max(weight, Number.MIN_VALUE), Number.MAX_VALUE);
    kept.push([product, weight]);
    let at = best.length;
    while (at > 0 && best[at - 1] < weight) at--;
    best.splice(at, 0, weight);
    if (best.length > need) best.pop();
  }
  return kept.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}
