/**
 * Input the engine refuses at load (a feed row, a rule): `path` names the offending part, e.g.
 * `products[3].locales` or `rules[1].condition`, and the message starts with it.
 */
export class EngineInputError extends Error {
  constructor(
    readonly code: 'INVALID_FEED' | 'INVALID_RULE',
    readonly path: string,
    reason: string,
  ) {
    super(`${path} ${reason}`);
  }
}
