import { expect, test } from '@playwright/test';

// @svc/integrations in Chromium through the script tag (window.svc) against the demo's mock
// behind the MSW worker: the seed's rate limit, a schedule inside a window, a cancellation, and
// the runs the platform recorded.
test('createIntegration in the browser: execute, RATE_LIMITED with retryAt, schedule, cancel, recorded runs', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  const result = await page.evaluate(async () => {
    type Integration = {
      execute(payload: unknown, options?: object): Promise<{ executionId: string; result: unknown }>;
      schedule(payload: unknown, options?: object): Promise<{ executionId: string; runAt: string }>;
      cancel(key: object): Promise<number>;
    };
    const w = window as unknown as {
      svc: { createIntegration(name: string, options: object): Integration };
      svcMock: {
        platform: {
          clock: { now(): number };
          inspect: {
            integrations: {
              idle(): Promise<void>;
              runs(filter?: object): { integration: string; status: string; logs: { message: string }[] }[];
            };
          };
        };
      };
    };
    const welcome = w.svc.createIntegration('welcome-email', { trackingId: 'demo_shop' });
    const key = { email: 'e2e-' + Math.random().toString(36).slice(2) };
    const first = await welcome.execute({ to: 'e2e@example.com' }, { key });
    const second = await welcome.execute({ to: 'e2e@example.com' }, { key }).then(
      () => ({ code: 'none', retryAt: '' }),
      (e: { code: string; retryAt: string }) => ({ code: e.code, retryAt: e.retryAt }),
    );
    const reminder = w.svc.createIntegration('campaign-reminder', { trackingId: 'demo_shop' });
    const scheduled = await reminder.schedule(
      { campaign: 'spring' },
      { key: { campaign: 'spring', ...key }, delay: 86_400_000, window: { day: 'sat' } },
    );
    const cancelled = await reminder.cancel(key);
    const refused = await reminder.schedule({}, { window: { day: 'someday' } }).then(
      () => 'sent',
      (e: { code: string; argument: string }) => `${e.code} ${e.argument}`,
    );
    await w.svcMock.platform.inspect.integrations.idle();
    const runs = w.svcMock.platform.inspect.integrations.runs({ integration: 'welcome-email' }).slice(-2);
    return {
      first: (first.result as { sent: boolean }).sent,
      second: second.code,
      retryInDays: Math.round((Date.parse(second.retryAt) - w.svcMock.platform.clock.now()) / 86_400_000),
      runAtIsSaturday: new Date(scheduled.runAt).getUTCDay() === 6,
      cancelled,
      refused,
      runs: runs.map((r) => [r.status, r.logs.map((l) => l.message)]),
    };
  });
  expect(result).toEqual({
    first: true,
    second: 'RATE_LIMITED',
    retryInDays: 7,
    runAtIsSaturday: true,
    cancelled: 1,
    refused: 'INVALID_ARGUMENT options.window.day',
    runs: [
      ['ok', ['welcome email to e2e@example.com (authorised: yes)']],
      ['rate-limited', []],
    ],
  });
});
