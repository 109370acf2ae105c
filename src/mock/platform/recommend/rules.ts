// Promotion and blacklist rules: JsonLogic conditions (json-logic-js) on `{seed, rec}` plus the
// platform's `match` and `match_some` operators.
//
// json-logic-js keeps its operators in ONE module-wide table, shared with anyone else in the
// process who uses the library. So the engine never registers `match` / `match_some` there:
// conditions are checked and rewritten at load into private operator names (below), which are
// registered once, hold no state, and cannot collide with, or be replaced by, a customer's own
// `match`. The caller's condition is kept untouched for the debug report.
import jsonLogic from 'json-logic-js';
import { RE2JS } from 're2js';
import { EngineInputError } from './input-error';
import type { DebugRule, Rule } from './types';

/** Limits that keep a rule from hanging the engine. */
export const RULE_LIMITS = {
  /** Longest regular expression accepted in `match` / `match_some` (refused at load, false at run time). */
  patternLength: 256,
  /** Longest text a pattern is run against (longer values are cut). */
  valueLength: 1024,
  /** Nodes in one condition. */
  conditionNodes: 1000,
  /**
   * Evaluation steps one rule may take in one request, over all the candidates it is evaluated on:
   * each operator evaluated is a step (the body of `some`, `all`, `none`, `filter`, `map` and
   * `reduce` is evaluated once per element, so nesting multiplies), `merge` and `cat` add the
   * length of what they build, and `match` adds one per 32 characters of text it tests.
   */
  steps: 50_000,
} as const;

const MATCH = 'svc_mock_recommend_match';
const MATCH_SOME = 'svc_mock_recommend_match_some';
/** `[logic, n]`: the value of `logic`, counting n steps (the nodes of a condition or of an iteration's body). */
const STEP = 'svc_mock_recommend_step';
/** `[logic]`: the value of `logic` (a `merge` or `cat`), counting the length of what it built. */
const STEP_SIZED = 'svc_mock_recommend_step_sized';
const SIZED = new Set(['merge', 'cat']);

/** JsonLogic's standard operators (`log` left out: it writes to the console) and the platform's two. */
export const RULE_OPERATORS: ReadonlySet<string> = new Set([
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'filter',
  'reduce',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
  'match',
  'match_some',
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
  /** Where the rule came from, e.g. `rules[1]` or `global rules[0]`: an error about it names it. */
  path: string;
  name: string;
  /** The condition as given (reported by debug). */
  condition: Record<string, unknown>;
  factor: number;
  /** The condition with the platform's operators renamed to the private ones and its steps counted. */
  logic: unknown;
}

/**
 * Checks rules and prepares them. Throws InvalidRuleError naming the rule (`${label}[i]`) for: a
 * rule that is not an object, a condition that is not a JsonLogic object, an unknown operator,
 * a factor that is not a finite number >= 0, a literal pattern over 256 characters, a condition
 * over 1000 nodes.
 */
export function compileRules(rules: readonly unknown[], source: RuleSource, label = 'rules'): CompiledRule[] {
  if (!Array.isArray(rules)) throw new InvalidRuleError(label, 'must be an array');
  return rules.map((rule, i) => {
    const path = `${label}[${i}]`;
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule))
      throw new InvalidRuleError(path, 'must be an object with condition and factor');
    const { name, condition, factor } = rule as Partial<Rule>;
    if (name !== undefined && typeof name !== 'string') throw new InvalidRuleError(`${path}.name`, 'must be a string');
    if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 0)
      throw new InvalidRuleError(`${path}.factor`, `must be a finite number >= 0 (got ${String(factor)})`);
    if (!jsonLogic.is_logic(condition))
      throw new InvalidRuleError(`${path}.condition`, 'must be a JsonLogic object with one operator');
    const budget = { nodes: 0 };
    const cost = { nodes: 0 };
    const logic = rewrite(condition, `${path}.condition`, budget, cost);
    return {
      source,
      path,
      name: name ?? '',
      condition: condition as Record<string, unknown>,
      factor,
      logic: stepped(logic, cost.nodes),
    };
  });
}

/** Operators whose second argument is evaluated once per element of the first. */
const ITERATING = new Set(['some', 'all', 'none', 'filter', 'map', 'reduce']);

/** `logic` wrapped so that each evaluation of it counts `nodes` steps. */
function stepped(logic: unknown, nodes: number): unknown {
  return { [STEP]: [logic, nodes] };
}

/**
 * The node with the platform's operators renamed and the steps it takes counted: `budget` counts
 * the condition's nodes (refused over RULE_LIMITS.conditionNodes), `cost` those evaluated each
 * time the enclosing part runs. The body of an iterating operator counts its own nodes each time
 * it runs (on each element); `merge` and `cat` count the length of what they build.
 */
function rewrite(node: unknown, path: string, budget: { nodes: number }, cost: { nodes: number }): unknown {
  if (++budget.nodes > RULE_LIMITS.conditionNodes)
    throw new InvalidRuleError(path, `has more than ${RULE_LIMITS.conditionNodes} nodes`);
  cost.nodes++;
  if (Array.isArray(node)) return node.map((item) => rewrite(item, path, budget, cost));
  if (!jsonLogic.is_logic(node)) return node;
  const op = Object.keys(node as object)[0];
  if (!RULE_OPERATORS.has(op)) throw new InvalidRuleError(path, `uses an unknown operator: ${JSON.stringify(op)}`);
  const raw = (node as Record<string, unknown>)[op];
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'match') checkPattern(args[1], path);
  if (op === 'match_some' && Array.isArray(args[1])) for (const p of args[1]) checkPattern(p, path);
  const renamed = op === 'match' ? MATCH : op === 'match_some' ? MATCH_SOME : op;
  // A computed key defines an own property whatever its name (never a prototype), and `op` is known.
  const rewritten = !Array.isArray(raw)
    ? rewrite(raw, path, budget, cost)
    : args.map((arg, i) => {
        if (!(ITERATING.has(op) && i === 1)) return rewrite(arg, path, budget, cost);
        const body = { nodes: 0 };
        const logic = rewrite(arg, path, budget, body);
        return stepped(logic, body.nodes);
      });
  const out = { [renamed]: rewritten };
  return SIZED.has(op) ? { [STEP_SIZED]: [out] } : out;
}

function checkPattern(pattern: unknown, path: string): void {
  if (typeof pattern !== 'string') return; // computed at run time: checked there
  if (pattern.length > RULE_LIMITS.patternLength) {
    throw new InvalidRuleError(
      path,
      `has a pattern of ${pattern.length} characters, over the limit of ${RULE_LIMITS.patternLength}`,
    );
  }
}

const regexCache = new Map<string, RE2JS | null>();
const matchCache = new Map<string, boolean>();

/**
 * The compiled pattern, or null when it is invalid or too long (then `match` is false). RE2 syntax:
 * JavaScript's without backreferences and lookaround; matching takes time linear in the text.
 */
function regex(pattern: unknown): RE2JS | null {
  if (typeof pattern !== 'string' || pattern.length > RULE_LIMITS.patternLength) return null;
  let compiled = regexCache.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = RE2JS.compile(pattern);
    } catch {
      compiled = null;
    }
    if (regexCache.size >= 1000) regexCache.clear();
    regexCache.set(pattern, compiled);
  }
  return compiled;
}

/** The steps one rule has taken in one request (see RULE_LIMITS.steps). */
export interface RuleMeter {
  steps: number;
}

/** Thrown by a step over the budget; `applies` turns it into an InvalidRuleError naming the rule. */
class OverBudget extends Error {}

/** The meter of the evaluation under way (json-logic-js evaluates synchronously, one at a time). */
let running: RuleMeter | undefined;

function charge(steps: number): void {
  if (!running) return;
  running.steps += steps;
  if (running.steps > RULE_LIMITS.steps) throw new OverBudget();
}

function step(value: unknown, nodes: number): unknown {
  charge(nodes);
  return value;
}

function stepSized(value: unknown): unknown {
  charge(typeof value === 'string' || Array.isArray(value) ? value.length : 0);
  return value;
}

/** `match`: the value (a string or number, or any element of an array) matches the pattern. */
function match(value: unknown, pattern: unknown): boolean {
  const re = regex(pattern);
  if (!re) return false;
  if (Array.isArray(value)) return value.some((v) => match(v, pattern));
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const text = String(value).slice(0, RULE_LIMITS.valueLength);
  charge(Math.ceil(text.length / 32));
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
jsonLogic.add_operation(STEP, step);
jsonLogic.add_operation(STEP_SIZED, stepSized);

/**
 * Evaluates a rule on one candidate, its steps counted on `meter` (one meter per rule per request).
 * Any failure at run time counts as "does not apply", except going over RULE_LIMITS.steps: that
 * throws InvalidRuleError naming the rule (the handler answers HTTP 400).
 */
export function applies(
  rule: CompiledRule,
  data: { seed: unknown; rec: unknown },
  meter: RuleMeter = { steps: 0 },
): boolean {
  const outer = running;
  running = meter;
  try {
    return jsonLogic.truthy(jsonLogic.apply(rule.logic as never, data));
  } catch (error) {
    if (error instanceof OverBudget) {
      throw new InvalidRuleError(
        rule.path,
        `takes more than ${RULE_LIMITS.steps} evaluation steps in one request (nested some, all, none, filter, map or reduce multiply)`,
      );
    }
    return false;
  } finally {
    running = outer;
  }
}
