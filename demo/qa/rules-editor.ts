// The JSON editor for recommendation rules: validated as the text changes, so nothing invalid is
// ever sent. A rule is `{name?, condition, factor}` (PROTOCOL.md, the seed's "Rule" table):
// `condition` a JsonLogic object whose operators are the platform's, `factor` a number >= 0.
import { el } from '../dom';
import { mock } from '../platform';
import { rulesDraft } from './rules-draft';

/**
 * Operators a condition may use: the platform's own list (`RULE_OPERATORS` of @svc/mock). A rule with
 * any other is refused by the platform (HTTP 400), so the editor refuses it before sending.
 */
const operators = mock.RULE_OPERATORS;

export type RulesCheck = { ok: true; rules: unknown[] } | { ok: false; error: string };

/** Checks the editor's text: JSON syntax, then the shape of every rule. */
function checkRules(text: string): RulesCheck {
  if (!text.trim()) return { ok: true, rules: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(value)) return { ok: false, error: 'rules must be a JSON array of rule objects' };
  for (const [i, rule] of value.entries()) {
    const at = `rules[${i}]`;
    if (typeof rule !== 'object' || rule === null || Array.isArray(rule))
      return { ok: false, error: `${at} must be an object` };
    const r = rule as Record<string, unknown>;
    for (const key of Object.keys(r))
      if (!['name', 'condition', 'factor'].includes(key))
        return { ok: false, error: `${at}.${key} is not a rule field (name, condition, factor)` };
    if (r.name !== undefined && typeof r.name !== 'string') return { ok: false, error: `${at}.name must be a string` };
    if (typeof r.condition !== 'object' || r.condition === null || Array.isArray(r.condition))
      return { ok: false, error: `${at}.condition must be a JsonLogic object` };
    const bad = unknownOperator(r.condition);
    if (bad) return { ok: false, error: `${at}.condition uses the unknown operator "${bad}"` };
    if (typeof r.factor !== 'number' || !Number.isFinite(r.factor) || r.factor < 0)
      return { ok: false, error: `${at}.factor must be a number >= 0 (0 removes, above 0 promotes)` };
  }
  return { ok: true, rules: value };
}

/** The first operator of a JsonLogic expression that is not in the platform's set. */
function unknownOperator(expression: unknown): string | undefined {
  if (Array.isArray(expression)) {
    for (const e of expression) {
      const bad = unknownOperator(e);
      if (bad) return bad;
    }
    return undefined;
  }
  if (typeof expression !== 'object' || expression === null) return undefined;
  const keys = Object.keys(expression);
  if (keys.length !== 1) return keys.join(',') || '(empty object)';
  if (!operators.has(keys[0])) return keys[0];
  return unknownOperator((expression as Record<string, unknown>)[keys[0]]);
}

const exampleRules = `[
  { "name": "no clearance", "condition": { "==": [{ "var": "rec.is_clearance" }, true] }, "factor": 0 },
  { "name": "promote same brand", "condition": { "==": [{ "var": "rec.brand" }, { "var": "seed.brand" }] }, "factor": 2 }
]`;

/** A textarea with its validation message; `check()` reads the current state. */
export function rulesEditor(): { node: HTMLElement; textarea: HTMLTextAreaElement; check: () => RulesCheck } {
  // Empty means empty: no placeholder that would look like rules ("Insert example" fills them in).
  const textarea = el('textarea', {
    name: 'rules',
    rows: 4,
    spellcheck: 'false',
    'aria-label': 'Rules (JSON)',
    'aria-describedby': 'rules-validation',
  });
  const message = el(
    'p',
    { class: 'validation', id: 'rules-validation', 'data-valid': 'true', 'aria-live': 'polite' },
    'No rules: the editor is empty.',
  );
  textarea.value = rulesDraft.text;
  const check = () => checkRules(textarea.value);
  const update = () => {
    rulesDraft.text = textarea.value;
    const result = check();
    message.dataset.valid = String(result.ok);
    textarea.setAttribute('aria-invalid', String(!result.ok));
    message.textContent = result.ok
      ? result.rules.length
        ? `${result.rules.length} valid rule(s).`
        : 'No rules: the editor is empty.'
      : `Invalid: ${result.error}`;
  };
  textarea.addEventListener('input', update);
  const example = el('button', { type: 'button', class: 'link' }, 'Insert example');
  example.addEventListener('click', () => {
    textarea.value = exampleRules;
    update();
  });
  update();
  return {
    node: el(
      'div',
      { class: 'rules-editor' },
      el('span', { 'aria-hidden': 'true' }, 'Rules (JSON) '),
      example,
      textarea,
      message,
    ),
    textarea,
    check,
  };
}
