// The storefront suite in Debian's Firefox ESR (storefront.ts).
import { consentCases } from './cases/consent';
import { elementCases } from './cases/element';
import { featureCases } from './cases/features';
import { observeCases } from './cases/observe';
import { stashCases } from './cases/stash';
import { exitCases, trackerCases } from './cases/tracker';
import { storefrontSuite } from './storefront';

storefrontSuite('firefox', [
  featureCases,
  trackerCases,
  exitCases,
  observeCases,
  elementCases,
  consentCases,
  stashCases,
]);
