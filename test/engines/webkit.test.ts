// The storefront suite in WebKitGTK's MiniBrowser (storefront.ts).
import { consentCases } from './cases/consent';
import { elementCases } from './cases/element';
import { featureCases } from './cases/features';
import { observeCases } from './cases/observe';
import { stashCases } from './cases/stash';
import { exitCases, trackerCases } from './cases/tracker';
import { storefrontSuite } from './storefront';

storefrontSuite('webkit', [
  featureCases,
  trackerCases,
  exitCases,
  observeCases,
  elementCases,
  consentCases,
  stashCases,
]);
