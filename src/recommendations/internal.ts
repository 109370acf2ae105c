// @svc/recommendations/internal: what @svc/react and @svc/vue (and the element) are built on and no
// shop calls: the carousel's rules and a framework widget's state of an answer. Published so that
// the adapters share this package's one copy, but not API: not covered by semver, for @svc/react
// and @svc/vue only (the package's README says so).
export { CARD_STYLE, carouselEnds, pageThrough, TRACK_STYLE } from './carousel-rules';
export { stateOfAnswer, stateOfFailure, stateOfSnapshot, type WidgetState } from './widget-state';
