// @svc/recommendations: recommendations(options, config) -> { get, shown, clicked, observe } (PROTOCOL.md
// "Recommendations"), and loadRecommendations, its snapshot for server rendering. The entry only
// re-exports: the client is ./client, the snapshot ./load.
import { recommendations } from './client';

export { setEndpoints } from '@svc/core';
// The errors every client rejects with: one class hierarchy, from @svc/core.
export * from '@svc/core/errors';
export { recommendations } from './client';
export { type LoadContext, loadRecommendations } from './load';
export { IMPRESSION_EVENT, type ImpressionDetail, type ImpressionState, VIEWABILITY } from './observe';
export { CHAINS, STRATEGIES, type StrategyKind, type StrategyName } from './strategies';
export { configToAsk, type ItemTransforms, itemsToShow } from './transform';
export type * from './types';

export default recommendations;
