// The storefront suite in Debian's Firefox ESR (storefront.ts).
import { STOREFRONT_CASES } from './cases';
import { storefrontSuite } from './storefront';

storefrontSuite('firefox', STOREFRONT_CASES);
