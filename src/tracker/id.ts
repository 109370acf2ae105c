/**
 * A random UUID v4 (122 random bits, `[0-9a-f-]`, 36 characters) from `crypto.getRandomValues`,
 * which, unlike `crypto.randomUUID`, exists in insecure contexts (a shop on plain http).
 * Event ids, page view ids and new visitor ids all come from here.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(36));
  // Each `0` of the template becomes a random hex digit, `8` one of 8-b (the variant); `4` is the
  // version. A byte per template position (`i`), so no counter.
  return '00000000-0000-4000-8000-000000000000'.replace(/[08]/g, (c, i) =>
    (+c | (bytes[i] & (15 >> (+c / 4)))).toString(16),
  );
}
