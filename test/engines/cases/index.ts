// Every case of the storefront suite, in the order each engine runs them (storefront.ts).
import { consentCases } from './consent';
import { demoCases } from './demo';
import { elementCases } from './element';
import { featureCases } from './features';
import { hydrationCases, mismatchCases } from './hydration';
import { observeCases } from './observe';
import { qaCases } from './qa';
import { stashCases } from './stash';
import { exitCases, trackerCases } from './tracker';

export const STOREFRONT_CASES = [
  featureCases,
  trackerCases,
  exitCases,
  observeCases,
  elementCases,
  consentCases,
  stashCases,
  qaCases,
  demoCases,
  hydrationCases,
  mismatchCases,
];
