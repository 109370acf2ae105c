// How deep JSON the platform accepts: every body it parses, at the edge, so nothing it keeps can
// make a later read (inspect, a snapshot, structuredClone) overflow the stack.

/** Deepest nesting of arrays and objects the platform accepts in a body (the top level is 1). */
export const MAX_JSON_DEPTH = 64;

/** JSON text nested deeper than MAX_JSON_DEPTH: refused before it is parsed. */
export class JsonTooDeepError extends Error {
  override name = 'JsonTooDeepError';
  readonly code = 'INVALID_ARGUMENT';
  constructor(readonly field: string) {
    super(`${field} is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/**
 * The nesting depth of JSON text, counted without parsing or recursion (brackets outside
 * strings), so a body of any depth is measured in one pass and never overflows the stack.
 */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** `JSON.parse`, refusing text nested deeper than MAX_JSON_DEPTH with a JsonTooDeepError naming `field`. */
export function parseBoundedJson(text: string, field = 'body'): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new JsonTooDeepError(field);
  return JSON.parse(text);
}
