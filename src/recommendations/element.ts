// @svc/recommendations/element: importing it defines `<svc-recommendations>` on the page
// (`import '@svc/recommendations/element'`). In Node (server rendering) it defines nothing.
import { defineRecommendationsElement } from './widget';

export {
  defineRecommendationsElement,
  ELEMENT_ATTRIBUTES,
  ELEMENT_NAME,
  type ElementDefaults,
  type ElementState,
  type ErrorDetail,
  type ItemsDetail,
  type ReadyDetail,
  SvcRecommendationsElement,
} from './widget';

defineRecommendationsElement();
