// The part of @gorhill/ubo-core (uBlock Origin's static network filtering engine, which ships no
// types) that the first-party bench uses.
declare module '@gorhill/ubo-core' {
  /** The engine: lists in, then one decision per request (0: not blocked). */
  interface Engine {
    useLists(lists: { name: string; raw: string }[]): Promise<void>;
    matchRequest(details: { originURL: string; url: string; type: string }): number;
  }
  export const StaticNetFilteringEngine: { create(): Promise<Engine> };
}
