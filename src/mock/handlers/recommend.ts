import type { Endpoints } from '@svc/core';
import { isObject } from '@svc/core';
import { escapeRegExp } from '@svc/core/internal';
import { type HttpHandler, type HttpResponseResolver, http } from 'msw';
import type { MockPlatform } from '../platform';
import { JsonTooDeepError, parseBoundedJson } from '../platform/json-depth';
import type { RecommendRequest, Rule, SeedItem } from '../platform/recommend/types';
import { json, methodNotAllowed, route } from './respond';

// POST {recs}/vc/recommend/2.1/{trackingId}?strategy&n&locale&contextId&experienceId&seed&debug  {"h", "rules"}
// (PROTOCOL.md "Recommendations"): parse and validate -> platform.services.recommend -> envelope.

/** Why a request is refused: HTTP 400 `{status: 400, message}`. */
class Refusal extends Error {}
function refuse(parameter: string, expectation: string): never {
  throw new Refusal(`parameter ${parameter} has an invalid value: ${expectation}`);
}

/** `h` element: a product id, `all`, or `{type: 'c', id}` (`type` exactly the lower-case `c`). */
function seedItem(item: unknown): SeedItem {
  const isProduct = typeof item === 'string' && item !== '';
  const isCategory = isObject(item) && item.type === 'c' && typeof item.id === 'string' && item.id !== '';
  if (!isProduct && !isCategory)
    refuse('h', 'each element must be a product id, "all" or {"type": "c", "id": "<category>"}');
  return item as SeedItem;
}

function rule(given: unknown): Rule {
  const valid =
    isObject(given) &&
    isObject(given.condition) &&
    Object.keys(given.condition).length === 1 &&
    typeof given.factor === 'number' &&
    given.factor >= 0 &&
    Number.isFinite(given.factor) &&
    (given.name === undefined || typeof given.name === 'string');
  if (!valid) refuse('rules', 'each rule needs a JsonLogic "condition" (one operator) and a "factor" number >= 0');
  const { name, condition, factor } = given as { name?: string; condition: Record<string, unknown>; factor: number };
  return name === undefined ? { condition, factor } : { name, condition, factor };
}

/** The seed: the body's `h` when it has elements, else the `seed` query parameter, else `all`. */
function seedOf(h: unknown[] | undefined, query: URLSearchParams): SeedItem[] {
  if (h?.length) return h.map(seedItem);
  if (!query.has('seed')) return ['all'];
  const seed = query.get('seed');
  if (!seed) refuse('seed', 'a product id is required');
  return [seed];
}

/** The query and body as a `RecommendRequest`; throws `Refusal` for every 400 of PROTOCOL.md. */
function parseRecommendRequest(trackingId: string, query: URLSearchParams, text: string): RecommendRequest {
  let body: unknown = {};
  try {
    if (text.trim()) body = parseBoundedJson(text);
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw new Refusal(`malformed body: ${error.message}`);
    body = undefined;
  }
  if (!isObject(body)) throw new Refusal('malformed body: a JSON object with optional "h" and "rules" is required');
  const { h, rules } = body as { h?: unknown[]; rules?: unknown[] };
  if (h !== undefined && !Array.isArray(h)) refuse('h', 'an array is required');
  if (rules !== undefined && !Array.isArray(rules)) refuse('rules', 'an array is required');
  const seed = seedOf(h, query);
  const contextId = query.get('contextId') || undefined;

  const strategy = query.get('strategy');
  // Partner-style (a visitor, no seed) without a strategy: the platform cannot guess one.
  if (strategy === null && contextId && seed.every((s) => s === 'all')) refuse('strategy', 'a string is required');
  const strategies = (strategy ?? 'popular').split(',').map((s) => s.trim());
  if (strategies.some((s) => !s)) refuse('strategy', 'a string is required');

  const nText = query.get('n') ?? '10';
  const n = /^\d{1,2}$/.test(nText) ? Number(nText) : 0;
  if (n < 1 || n > 50) refuse('n', 'an integer 1..50 is required');

  if (seed.some((s) => typeof s !== 'string') && strategies.some((s) => s !== 'popular')) {
    refuse('h', 'a category seed is allowed only with strategy popular');
  }
  return {
    trackingId,
    strategies,
    n,
    ...(query.get('locale') && { locale: query.get('locale') as string }),
    ...(contextId && { contextId }),
    ...(query.get('experienceId') && { experienceId: query.get('experienceId') as string }),
    seed,
    rules: rules?.map(rule) ?? [],
    debug: query.has('debug'),
  };
}

/**
 * The route as a RegExp without capturing groups: MSW then decodes no path parameter itself (a
 * malformed escape such as `%ZZ` throws there: HTTP 500 with a stack), and matches case-sensitively
 * without a trailing slash (`/VC/recommend/2.1/t` and `.../t/` are unknown paths, left to the 404).
 */
function routePath(recs: string): RegExp {
  const base = URL.canParse(recs)
    ? escapeRegExp(new URL(recs).href.replace(/\/+$/, ''))
    : `[a-z]+://[^/]+${escapeRegExp(recs)}`;
  return new RegExp(`^${base}/vc/recommend/2\\.1/[^/?#]+$`);
}

/** The tracking id: the path's last segment, percent-decoded; a malformed escape is a 400. */
function trackingIdOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() as string);
  } catch {
    return refuse('trackingId', 'a malformed percent-escape');
  }
}

/** MSW handlers of the recommend route of PROTOCOL.md. */
export function recommendHandlers(platform: MockPlatform, endpoints: Endpoints): HttpHandler[] {
  const answer = recommendRoute(platform);
  return [
    http.all(routePath(endpoints.recs), (info) => {
      const { method } = info.request;
      if (method !== 'POST') return methodNotAllowed(method, 'POST');
      return answer(info);
    }),
  ];
}

/** The route: parse -> platform.services.recommend -> envelope, with the clock and faults of `route`. */
function recommendRoute(platform: MockPlatform): HttpResponseResolver {
  return route(platform, 'recommend', async ({ request }) => {
    try {
      const trackingId = trackingIdOf(request.url);
      const parsed = parseRecommendRequest(trackingId, new URL(request.url).searchParams, await request.text());
      // Unknown tracking id: no items (HTTP 200), as for an unknown strategy.
      if (!platform.properties.has(parsed.trackingId)) return json({ status: 200, result: { items: [] } });
      const { items, rules, locale } = platform.services.recommend.recommend(parsed);
      return json({
        status: 200,
        result: parsed.debug && rules ? { items, rules, ...(locale !== undefined && { locale }) } : { items },
      });
    } catch (error) {
      // The engine refuses rules it cannot evaluate (code INVALID_RULE, message naming rules[i]).
      if (error instanceof Refusal) return json({ status: 400, message: error.message }, 400);
      if ((error as { code?: unknown }).code === 'INVALID_RULE') {
        return json({ status: 400, message: `parameter rules has an invalid value: ${(error as Error).message}` }, 400);
      }
      throw error;
    }
  });
}
