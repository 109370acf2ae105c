import type { Catalog } from './catalog';
import type { Experience, ExperienceDefinition, Iteration, IterationDefinition } from './types';

/** The home-page hero test: a control group and two offers. */
const HERO: ExperienceDefinition = {
  name: 'Home page hero',
  variations: [
    { name: 'Control', isControl: true, weight: 20 },
    {
      name: 'Autumn sale',
      weight: 40,
      payload: {
        headline: 'Autumn sale: up to 40% off',
        image: '/img/hero-autumn.jpg',
        cta: 'Shop the sale',
        ctaUrl: '/sale',
      },
    },
    {
      name: 'Free shipping',
      weight: 40,
      payload: {
        headline: 'Free shipping on every order',
        image: '/img/hero-shipping.jpg',
        cta: 'Start shopping',
        ctaUrl: '/',
      },
    },
  ],
};

/** The hero's second iteration, a draft: the control and the autumn sale kept (their ids), a new offer. */
const heroDraft = (first: Iteration): IterationDefinition => ({
  variations: [
    { id: first.variations[0].id, name: 'Control', isControl: true, weight: 20 },
    {
      id: first.variations[1].id,
      name: 'Autumn sale',
      weight: 40,
      payload: {
        headline: 'Autumn sale: up to 50% off',
        image: '/img/hero-autumn.jpg',
        cta: 'Shop the sale',
        ctaUrl: '/sale',
      },
    },
    {
      name: 'New arrivals',
      weight: 40,
      payload: {
        headline: 'New arrivals are in',
        image: '/img/hero-new.jpg',
        cta: 'See what is new',
        ctaUrl: '/new',
      },
    },
  ],
});

/** A loyalty offer for visitors with a basket of 100 or more, or a past purchase. */
const LOYALTY: ExperienceDefinition = {
  name: 'Loyalty offer',
  segment: {
    name: 'Big basket or returning buyer',
    condition: { or: [{ '>=': [{ var: 'basket.value' }, 100] }, { '>=': [{ var: 'purchases.count' }, 1] }] },
  },
  variations: [
    { name: 'Control', isControl: true, weight: 1 },
    {
      name: '10% code',
      weight: 1,
      payload: { message: 'Thanks for shopping with us: 10% off with LOYAL10', code: 'LOYAL10', discountPercent: 10 },
    },
  ],
};

/** A finished summer campaign (archived once created). */
const SUMMER: ExperienceDefinition = {
  name: 'Summer campaign banner',
  variations: [{ name: 'Summer banner', payload: { headline: 'Summer essentials', image: '/img/summer.jpg' } }],
};

/**
 * Demo experiences for a property (the fixtures loader calls it for `demo_shop`):
 * - a home-page hero test with a control group, whose second iteration is a draft (served only with `preview`);
 * - a loyalty offer segmented to visitors with a basket of 100 or more, or a past purchase;
 * - a finished summer campaign, archived (never served; asking for it is a 404).
 */
export function seedDemoExperiences(
  admin: Pick<Catalog, 'create' | 'addIteration' | 'archive'>,
  trackingId: string,
): Experience[] {
  const hero = admin.create(trackingId, HERO);
  admin.addIteration(trackingId, hero.id, heroDraft(hero.iterations[0]));
  const loyalty = admin.create(trackingId, LOYALTY);
  const summer = admin.create(trackingId, SUMMER);
  admin.archive(trackingId, summer.id);
  return [hero, loyalty, summer];
}
