// The storefront suite in Debian's Chromium (storefront.ts).
import { STOREFRONT_CASES } from './cases';
import { storefrontSuite } from './storefront';

storefrontSuite('chromium', STOREFRONT_CASES);
