// Every case of the storefront suite, in the order each engine runs them (storefront.ts).
import { carouselCases } from './carousel';
import { consentCases, consentModeCases } from './consent';
import { demoCases } from './demo';
import { elementCases } from './element';
import { featureCases } from './features';
import { hydrationCases, mismatchCases } from './hydration';
import { observeCases } from './observe';
import { qaCases } from './qa';
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
  qaCases,
  demoCases,
  hydrationCases,
  mismatchCases,
];
