// The storefront suite in WebKitGTK's MiniBrowser (storefront.ts).
import { STOREFRONT_CASES } from './cases';
import { storefrontSuite } from './storefront';

storefrontSuite('webkit', STOREFRONT_CASES);
