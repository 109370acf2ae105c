// Promotion and blacklist rules: JsonLogic conditions (json-logic-js) on `{seed, rec}` plus the
// platform's `match` and `match_some` operators.
//
// json-logic-js keeps its operators in ONE module-wide table, shared with anyone else in the
// process who uses the library. So the engine never registers `match` / `match_some` there:
// conditions are checked and rewritten at load into private operator names (below), which are
// registered once, hold no state, and cannot collide with, or be replaced by, a customer's own
// `match`. The caller's condition is kept untouched for the debug report.
import jsonLogic from 'json-logic-js';
import type { DebugRule, Rule } from './types';
import { EngineInputError } from './input-error';

/** Limits that keep a rule from hanging the engine. */
export const RULE_LIMITS = {
  /** Longest regular expression accepted in `match` / `match_some` (refused at load, false at run time). */
  patternLength: 256,
  /** Longest text a pattern is run against (longer values are cut): two wide quantifiers cost at worst ~0.2 s at 1,024. */
  valueLength: 1024,
  /** Patterns may hold at most this many quantifiers repeating more than 64 times (`*`, `+`, `{n,}`). */
  wideQuantifiers: 2,
  /** A group that can match the same text in several ways may repeat at most this many times. */
  groupRepeat: 8,
  /** Nodes in one condition. */
  conditionNodes: 1000,
} as const;

const MATCH = 'svc_mock_recommend_match';
const MATCH_SOME = 'svc_mock_recommend_match_some';

/** JsonLogic's standard operators (`log` left out: it writes to the console) and the platform's two. */
const OPERATORS = new Set([
  'var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and',
  '>', '>=', '<', '<=', 'max', 'min', '+', '-', '*', '/', '%', 'map', 'filter', 'reduce', 'all',
  'none', 'some', 'merge', 'in', 'cat', 'substr', 'match', 'match_some',
]);

/** A rule refused at load; `path` names it (e.g. `rules[1].condition`). The handler answers 400 with the message. */
export class InvalidRuleError extends EngineInputError {
  override name = 'InvalidRuleError';
  constructor(path: string, reason: string) {
    super('INVALID_RULE', path, reason);
  }
}

export type RuleSource = DebugRule['source'];

/** A rule checked and ready to evaluate. */
export interface CompiledRule {
  source: RuleSource;
  name: string;
  /** The condition as given (reported by debug). */
  condition: Record<string, unknown>;
  factor: number;
  /** The condition with the platform's operators renamed to the private ones. */
  logic: unknown;
}

/**
 * Checks rules and prepares them. Throws InvalidRuleError naming the rule (`${label}[i]`) for: a
 * rule that is not an object, a condition that is not a JsonLogic object, an unknown operator,
 * a factor that is not a finite number >= 0, a literal pattern over 256 characters or one that
 * nests unbounded quantifiers (`(a+)+`), a condition over 1000 nodes.
 */
export function compileRules(rules: readonly unknown[], source: RuleSource, label = 'rules'): CompiledRule[] {
  if (!Array.isArray(rules)) throw new InvalidRuleError(label, 'must be an array');
  return rules.map((rule, i) => {
    const path = `${label}[${i}]`;
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) throw new InvalidRuleError(path, 'must be an object with condition and factor');
    const { name, condition, factor } = rule as Partial<Rule>;
    if (name !== undefined && typeof name !== 'string') throw new InvalidRuleError(`${path}.name`, 'must be a string');
    if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 0) throw new InvalidRuleError(`${path}.factor`, `must be a finite number >= 0 (got ${String(factor)})`);
    if (!jsonLogic.is_logic(condition)) throw new InvalidRuleError(`${path}.condition`, 'must be a JsonLogic object with one operator');
    const budget = { nodes: 0 };
    const logic = rewrite(condition, `${path}.condition`, budget);
    return { source, name: name ?? '', condition: condition as Record<string, unknown>, factor, logic };
  });
}

function rewrite(node: unknown, path: string, budget: { nodes: number }): unknown {
  if (++budget.nodes > RULE_LIMITS.conditionNodes) throw new InvalidRuleError(path, `has more than ${RULE_LIMITS.conditionNodes} nodes`);
  if (Array.isArray(node)) return node.map((item) => rewrite(item, path, budget));
  if (!jsonLogic.is_logic(node)) return node;
  const op = Object.keys(node as object)[0];
  if (!OPERATORS.has(op)) throw new InvalidRuleError(path, `uses an unknown operator: ${JSON.stringify(op)}`);
  const raw = (node as Record<string, unknown>)[op];
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'match') checkPattern(args[1], path);
  if (op === 'match_some' && Array.isArray(args[1])) for (const p of args[1]) checkPattern(p, path);
  const renamed = op === 'match' ? MATCH : op === 'match_some' ? MATCH_SOME : op;
  const out: Record<string, unknown> = Object.create(null);
  out[renamed] = Array.isArray(raw) ? args.map((a) => rewrite(a, path, budget)) : rewrite(raw, path, budget);
  return out;
}

function checkPattern(pattern: unknown, path: string): void {
  if (typeof pattern !== 'string') return; // computed at run time: checked there
  if (pattern.length > RULE_LIMITS.patternLength) {
    throw new InvalidRuleError(path, `has a pattern of ${pattern.length} characters, over the limit of ${RULE_LIMITS.patternLength}`);
  }
  const unsafe = unsafePattern(pattern);
  if (unsafe) throw new InvalidRuleError(path, `has a pattern that ${unsafe}: ${JSON.stringify(pattern)}`);
}

/** A quantifier at `i` (`*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`): its length (a lazy `?` included) and bounds. */
function quantifierAt(pattern: string, i: number): { length: number; min: number; max: number } | undefined {
  const c = pattern[i];
  const braces = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24)) : null;
  const q =
    c === '*' ? { length: 1, min: 0, max: Infinity }
    : c === '+' ? { length: 1, min: 1, max: Infinity }
    : c === '?' ? { length: 1, min: 0, max: 1 }
    : braces ? { length: braces[0].length, min: +braces[1], max: braces[2] === undefined ? +braces[1] : braces[3] === '' ? Infinity : +braces[3] }
    : undefined;
  if (q && pattern[i + q.length] === '?') q.length++;
  return q;
}

/**
 * Why running `pattern` could take super-linear time on a long value (undefined: it cannot, as far
 * as this check sees). Two shapes of backtracking are refused:
 * - a group that can match the same text in several ways (it holds a quantifier of variable count
 *   or an alternation) repeated more than RULE_LIMITS.groupRepeat times: `(a+)+`, `(x*y)*`,
 *   `(a|aa)+`, `(a?a?)+` (exponential);
 * - more than RULE_LIMITS.wideQuantifiers quantifiers that repeat more than 64 times: `a*a*a*x`
 *   (a polynomial whose degree grows with each one).
 * Conservative: a few harmless patterns such as `(Red|Green)+` are refused too.
 */
export function unsafePattern(pattern: string): string | undefined {
  const ambiguous: boolean[] = [false]; // per open group
  let wide = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') {
      ambiguous.push(false);
      if (pattern[i + 1] === '?') i++; // (?: (?= (?! (?<name>: not a quantifier
    } else if (c === '|') ambiguous[ambiguous.length - 1] = true;
    else if (c === ')') {
      const inner = ambiguous.pop() ?? false;
      if (ambiguous.length === 0) ambiguous.push(false);
      const repeat = quantifierAt(pattern, i + 1);
      if (inner && repeat && repeat.max > RULE_LIMITS.groupRepeat) return 'repeats a group holding a quantifier or an alternation';
      if (inner) ambiguous[ambiguous.length - 1] = true;
    } else {
      const q = quantifierAt(pattern, i);
      if (!q) continue;
      if (q.min < q.max) ambiguous[ambiguous.length - 1] = true;
      if (q.max > 64 && ++wide > RULE_LIMITS.wideQuantifiers) return `has more than ${RULE_LIMITS.wideQuantifiers} unbounded quantifiers`;
      i += q.length - 1;
    }
  }
  return undefined;
}

const regexCache = new Map<string, RegExp | null>();
const matchCache = new Map<string, boolean>();

/** The compiled pattern, or null when it is invalid, too long or unsafe (then `match` is false). */
function regex(pattern: unknown): RegExp | null {
  if (typeof pattern !== 'string' || pattern.length > RULE_LIMITS.patternLength) return null;
  let compiled = regexCache.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = unsafePattern(pattern) ? null : new RegExp(pattern);
    } catch {
      compiled = null;
    }
    if (regexCache.size >= 1000) regexCache.clear();
    regexCache.set(pattern, compiled);
  }
  return compiled;
}

/** `match`: the value (a string or number, or any element of an array) matches the pattern. */
function match(value: unknown, pattern: unknown): boolean {
  const re = regex(pattern);
  if (!re) return false;
  if (Array.isArray(value)) return value.some((v) => match(v, pattern));
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const text = String(value).slice(0, RULE_LIMITS.valueLength);
  if (text.length <= 64) return re.test(text);
  // A long value is remembered: one written in the rule is tested once, not once per candidate.
  const key = `${pattern}\u0000${text}`;
  let matched = matchCache.get(key);
  if (matched === undefined) {
    matched = re.test(text);
    if (matchCache.size >= 1000) matchCache.clear();
    matchCache.set(key, matched);
  }
  return matched;
}

/** `match_some`: the value matches any of the patterns. */
function matchSome(value: unknown, patterns: unknown): boolean {
  return Array.isArray(patterns) && patterns.some((p) => match(value, p));
}

jsonLogic.add_operation(MATCH, match);
jsonLogic.add_operation(MATCH_SOME, matchSome);

/** Evaluates a rule on one candidate. Any failure at run time counts as "does not apply". */
export function applies(rule: CompiledRule, data: { seed: unknown; rec: unknown }): boolean {
  try {
    return jsonLogic.truthy(jsonLogic.apply(rule.logic as never, data));
  } catch {
    return false;
  }
}
