// Every case of the storefront suite, in the order each engine runs them (storefront.ts).
import { carouselCases } from './carousel';
import { consentCases, consentModeCases } from './consent';
import { elementCases } from './element';
import { featureCases } from './features';
import { observeCases } from './observe';
import { stashCases, stashKindCases } from './stash';
import { tabCases } from './tabs';
import { exitCases, trackerCases } from './tracker';

export const STOREFRONT_CASES = [
  featureCases,
  trackerCases,
  exitCases,
  tabCases,
  observeCases,
  elementCases,
  carouselCases,
  consentCases,
  consentModeCases,
  stashCases,
  stashKindCases,
];
