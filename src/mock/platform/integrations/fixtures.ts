import type { IntegrationsAdmin } from './index';

/** Names of the demo integrations that `seedDemoIntegrations` creates. */
export const DEMO_INTEGRATIONS = {
  welcomeEmail: 'welcome-email',
  campaignReminder: 'campaign-reminder',
  orderSummary: 'order-summary',
  cartReminder: 'cart-reminder',
} as const;

/**
 * Creates the demo integrations in `trackingId` (deterministic, no network):
 * - `welcome-email` (HTTP): at most once per week per `email` key (the seed's first rate-limit example).
 * - `campaign-reminder` (HTTP): at most twice per week per `campaign` + `email` key (the seed's second).
 * - `order-summary` (tracking event `ecBasketTransactionSummary`): keeps a running revenue total in its cache.
 * - `cart-reminder` (HTTP): the `route` of deferkv rows; logs the abandoned cart it is delivered.
 * Each mail-like handler uses a secret API key and never logs it.
 */
export function seedDemoIntegrations(admin: IntegrationsAdmin, trackingId: string): void {
  admin.create(trackingId, {
    name: DEMO_INTEGRATIONS.welcomeEmail,
    description: 'Sends the welcome email, at most once per week per email-derived key.',
    settings: { timeout: 5000, rateLimits: [{ limit: 1, interval: 'week', target: ['email'] }] },
    secrets: { MAIL_API_KEY: 'demo-mail-key-5e1f' },
    handler: async ({ payload, secrets, cache, console }) => {
      const to = (payload as { to?: string })?.to ?? 'unknown';
      const sent = ((await cache.get<number>('sent')) ?? 0) + 1;
      await cache.set('sent', sent);
      console.log(`welcome email to ${to} (authorised: ${secrets.MAIL_API_KEY ? 'yes' : 'no'})`);
      return { sent: true, template: 'welcome', count: sent };
    },
  });
  admin.create(trackingId, {
    name: DEMO_INTEGRATIONS.campaignReminder,
    description: 'Reminds a customer of a campaign, at most twice per week per campaign and email-derived key.',
    settings: { timeout: 5000, rateLimits: [{ limit: 2, interval: 'week', target: ['campaign', 'email'] }] },
    secrets: { MAIL_API_KEY: 'demo-mail-key-5e1f' },
    handler: ({ payload, console }) => {
      const { campaign = 'unknown' } = (payload ?? {}) as { campaign?: string };
      console.log(`campaign reminder for ${campaign}`);
      return { sent: true, template: 'campaign-reminder', campaign };
    },
  });
  admin.create(trackingId, {
    name: DEMO_INTEGRATIONS.orderSummary,
    description: 'Adds every completed order to a revenue total kept in the cache.',
    trigger: { event: 'ecBasketTransactionSummary' },
    handler: async ({ payload, cache, console }) => {
      const data = (
        payload as {
          data?: { transaction?: { id?: string }; basket?: { total?: { value?: number; currency?: string } } };
        }
      )?.data;
      const total = data?.basket?.total;
      const revenue =
        ((await cache.get<number>('revenue')) ?? 0) + (typeof total?.value === 'number' ? total.value : 0);
      await cache.set('revenue', revenue);
      console.log(`order ${data?.transaction?.id ?? '?'}: ${total?.value ?? 0} ${total?.currency ?? ''}`.trim());
      return { revenue };
    },
  });
  admin.create(trackingId, {
    name: DEMO_INTEGRATIONS.cartReminder,
    description: 'Receives deferkv deliveries routed to it: the cart a visitor left behind.',
    handler: ({ payload, console }) => {
      const { key, value } = (payload ?? {}) as { key?: string; value?: string };
      console.log(`cart reminder for ${key}: ${value}`);
      return { reminded: key ?? null };
    },
  });
}
