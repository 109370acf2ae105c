// The recommendations response's item and debug-rule shapes (PROTOCOL.md "Recommendations"), one
// definition for the client (@svc/recommendations) and the mock platform. Types only: no bytes.

/** One recommended product, as `result.items[]` carries it. */
export interface RecommendedItem {
  id: string;
  /** Ranking score. */
  weight: number;
  /** The strategy that produced it (a chain component when a composite fell back). */
  strategy: string;
  /** Product details in the requested locale (name, url, unit_price, ...). */
  details: Record<string, unknown>;
}

/** A rule as `debug=True` reports it in `result.rules`. */
export interface DebugRule {
  source: 'global' | 'experience' | 'request';
  name: string;
  condition: Record<string, unknown>;
  factor: number;
  /** Ids of the candidates it applied to. */
  matched: string[];
}
