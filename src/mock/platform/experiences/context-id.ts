/**
 * A new contextId for a visitor who came without one: 32 lower-case hex characters from
 * `crypto.getRandomValues` (128 random bits; PROTOCOL.md asks `[a-z0-9-]`, at least 96 bits).
 */
export function generateContextId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
