// `<Recommendations>`: `useRecommendations` as a component with a render prop.
import type { ReactNode } from 'react';
import { useRecommendations } from './hook';
import type { RecommendationsProps } from './types';

/** `useRecommendations` as a component with a render prop. */
export function Recommendations({
  options,
  config,
  initial,
  exclude,
  transformItems,
  children,
}: RecommendationsProps): ReactNode {
  return children(useRecommendations(options, config, { initial, exclude, transformItems }));
}
