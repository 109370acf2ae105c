// What the demo uses of `window.svc`, looked up when used: the packages are optional on the page
// (a QA panel says so when its package is missing from svc.min.js instead of breaking the page).
import { svc } from './platform';

type Svc = Record<string, unknown>;

/** `window.svc[name]`, or undefined when this build of svc.min.js has no such export. */
export function sdk<T>(name: string): T | undefined {
  return (svc as unknown as Svc)[name] as T | undefined;
}

/** A recommendation as `get()` resolves it. */
export interface Recommendation {
  id: string;
  weight: number;
  strategy: string;
  details: Record<string, unknown>;
}

export interface RecommendationsClient {
  get(config?: Record<string, unknown>): Promise<Recommendation[]>;
  shown(item: Recommendation): unknown;
  clicked(item: Recommendation, position?: number): unknown;
}

export type RecommendationsFactory = (options: { meta: { trackingId: string; visitorId?: string } }, config?: Record<string, unknown>) => RecommendationsClient;

/** A tracking event as the tracker hands it to `on` listeners. */
export interface TrackedEvent {
  meta: Record<string, unknown> & { id?: string; type?: string; ts?: number };
  data: Record<string, unknown>;
}

export interface Tracker {
  readonly visitorId: string | undefined;
  emit(type: string, data: Record<string, unknown>): unknown;
  on(type: string | RegExp, handler: (event: TrackedEvent) => void): () => void;
  flush(): Promise<unknown> | unknown;
  consent(state: 'granted' | 'denied'): unknown;
}

/** The page's tracker, started by svc.min.js from its script tag. */
export const tracker = (): Tracker | undefined => sdk<Tracker>('tracker');
