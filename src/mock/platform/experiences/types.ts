/** What a variation serves: key/value attributes handed to the shop's developer. */
export type Payload = Record<string, unknown>;

/** A variation of an iteration, as an admin defines it. */
export interface VariationDefinition {
  /**
   * Variation master id: the same id in several iterations is the same variation. Without it, the experience id
   * times 10 plus the variation's position among the experience's variations (11, 12, ...).
   * @default undefined
   */
  id?: number;
  /**
   * Label for people. Without it, `Variation <id>`, or `Control` for the control group.
   * @default undefined
   */
  name?: string;
  /** What the visitor gets. @default {} */
  payload?: Payload;
  /** Share of the traffic, relative to the iteration's other variations (positive). @default 1 */
  weight?: number;
  /** The control group: served (and its views recorded) but shows the unchanged page. @default false */
  isControl?: boolean;
}

/** Who an iteration is for: a JsonLogic condition over the visitor's profile (see `VisitorProfile`). */
export interface Segment {
  name: string;
  condition: Record<string, unknown>;
}

/** An iteration to create: its variations, who it is for, whether it is served. */
export interface IterationDefinition {
  variations: VariationDefinition[];
  /**
   * Visitors the iteration is for. Without it, everybody.
   * @default undefined
   */
  segment?: Segment;
  /**
   * Published iterations are served; the latest unpublished one only with `preview`. Without it, the first
   * iteration is published and a later one is not.
   * @default undefined
   */
  published?: boolean;
}

/** An experience to create, with its first iteration. */
export interface ExperienceDefinition extends IterationDefinition {
  /**
   * Positive integer, unique in the property. Without it, the next free id.
   * @default undefined
   */
  id?: number;
  name: string;
}

/** A variation of an iteration, as the mock stores it. */
export interface Variation {
  id: number;
  name: string;
  payload: Payload;
  weight: number;
  isControl: boolean;
}

/** An iteration of an experience, as the mock stores it. */
export interface Iteration {
  /** 1, 2, ... within the experience. */
  number: number;
  variations: Variation[];
  segment?: Segment;
  published: boolean;
}

/** An experience, as the mock stores it, with every iteration. */
export interface Experience {
  id: number;
  name: string;
  iterations: Iteration[];
  archived: boolean;
}

/** The query of `GET /v1/{trackingId}/experiences`, parsed. */
export interface ExperiencesQuery {
  contextId?: string;
  experienceIds?: number[];
  preview?: boolean;
  variation?: number;
  ignoreSegments?: boolean;
}

/** What a callback URL's `data` names (base64url JSON). */
export interface CallbackData {
  trackingId: string;
  experience: number;
  iteration: number;
  variation: number;
  contextId: string;
  isControl: boolean;
}

/** One recorded callback: the visitor saw the experience (control group included). */
export interface View extends CallbackData {
  /** The `id` of the callback's body, when it sent one. */
  deviceId?: string;
  /** Platform time, epoch ms. */
  at: number;
}

/** What the mock counted for one variation. */
export interface VariationMetrics {
  variation: number;
  name: string;
  isControl: boolean;
  /** Times its payload was returned by the GET. */
  served: number;
  /** Callbacks received. */
  views: number;
  /** Distinct contextIds among the views. */
  visitors: number;
}

/** What the mock counted for one experience, and per variation. */
export interface ExperienceMetrics {
  experience: number;
  name: string;
  served: number;
  views: number;
  visitors: number;
  variations: VariationMetrics[];
}

/** One element of `experiencePayloads`, as PROTOCOL.md's "Server experiences" shows it. */
export interface ExperiencePayload {
  payload: Payload;
  isControl: boolean;
  id: number;
  callback: string;
  variation: number;
}

/**
 * What `GET /v1/{trackingId}/experiences` answers: the payloads, or the first requested id that cannot be served (404).
 */
export type ExperiencesAnswer =
  | { found: true; experiencePayloads: ExperiencePayload[]; contextId: string; cookieDomains: string[] }
  | { found: false; experienceId: number };
