import { describe, expect, it } from 'vitest';
import { createIntegration, RateLimitedError } from '../../src/integrations';
import { seedDemoIntegrations } from '../../src/mock/platform/integrations/fixtures';
import { failure } from '../support/failure';
import { useMockPlatform } from '../support/mock-server';

// Rate limits with the seed's examples, as the demo integrations declare them:
// once per week per email-derived key; twice per week per campaign and email-derived key.
const mock = useMockPlatform({ now: '2026-11-23T10:00:00.000Z' });
const tid = 'demo_shop';
const WEEK = 7 * 86_400_000;

const refusal = (promise: Promise<unknown>) => failure(promise, RateLimitedError);

describe('rate limits', () => {
  it('welcome-email: once per week per email-derived key', async () => {
    seedDemoIntegrations(mock.platform.admin.integrations, tid);
    const welcome = createIntegration('welcome-email', { trackingId: tid });
    const h1 = { key: { email: 'sha1-of-ann' } };
    expect(await welcome.execute({ to: 'ann' }, h1)).toMatchObject({ result: { sent: true, count: 1 } });

    mock.platform.clock.advance(3 * 86_400_000);
    const first = await refusal(welcome.execute({ to: 'ann' }, h1));
    expect(first.retryAt).toBe('2026-11-30T10:00:00.000Z');

    // Another email-derived key has its own count.
    expect(await welcome.execute({ to: 'bob' }, { key: { email: 'sha1-of-bob' } })).toMatchObject({
      result: { count: 2 },
    });

    mock.platform.clock.set('2026-11-30T09:59:59.999Z');
    expect((await refusal(welcome.execute({ to: 'ann' }, h1))).retryAt).toBe('2026-11-30T10:00:00.000Z');
    mock.platform.clock.advance(1);
    expect(await welcome.execute({ to: 'ann' }, h1)).toMatchObject({ result: { count: 3 } });

    // Refusals are recorded as runs, and do not count against the limit.
    const statuses = mock.platform.inspect.integrations
      .runs({ integration: 'welcome-email' })
      .map((r) => [r.key.email, r.status, r.retryAt]);
    expect(statuses).toEqual([
      ['sha1-of-ann', 'ok', undefined],
      ['sha1-of-ann', 'rate-limited', '2026-11-30T10:00:00.000Z'],
      ['sha1-of-bob', 'ok', undefined],
      ['sha1-of-ann', 'rate-limited', '2026-11-30T10:00:00.000Z'],
      ['sha1-of-ann', 'ok', undefined],
    ]);
  });

  it('campaign-reminder: twice per week per campaign and email-derived key', async () => {
    seedDemoIntegrations(mock.platform.admin.integrations, tid);
    const remind = createIntegration('campaign-reminder', { trackingId: tid });
    const spring = { key: { campaign: 'spring', email: 'h1' } };
    await remind.execute({ campaign: 'spring' }, spring);
    mock.platform.clock.advance(86_400_000);
    await remind.execute({ campaign: 'spring' }, spring);
    expect((await refusal(remind.execute({ campaign: 'spring' }, spring))).retryAt).toBe('2026-11-30T10:00:00.000Z');
    // Other combinations are counted apart.
    await remind.execute({ campaign: 'summer' }, { key: { campaign: 'summer', email: 'h1' } });
    await remind.execute({ campaign: 'spring' }, { key: { email: 'h2', campaign: 'spring' } });
    // A week after the first, one slot is free again; the second frees the next day.
    mock.platform.clock.set(Date.parse('2026-11-23T10:00:00.000Z') + WEEK);
    await remind.execute({ campaign: 'spring' }, spring);
    expect((await refusal(remind.execute({ campaign: 'spring' }, spring))).retryAt).toBe('2026-12-01T10:00:00.000Z');
  });

  it('an HTTP call whose key lacks a target name is refused with 400 and not run', async () => {
    seedDemoIntegrations(mock.platform.admin.integrations, tid);
    const remind = createIntegration('campaign-reminder', { trackingId: tid });
    const error = await remind.execute({}, { key: { email: 'h1' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect((error as Error).message).toContain("key must carry campaign (a rate limit's target)");
    expect(mock.platform.inspect.integrations.runs()).toEqual([]);
  });

  it('a whole-integration limit counts every run whatever its key; every limit must allow a run', async () => {
    mock.platform.admin.integrations.create(tid, {
      name: 'sms',
      settings: {
        rateLimits: [
          { limit: 2, interval: 'minute', target: 'integration' },
          { limit: 1, interval: 'hour', target: ['phone'] },
        ],
      },
      handler: () => 'sent',
    });
    const sms = createIntegration('sms', { trackingId: tid });
    await sms.execute({}, { key: { phone: 'p1' } });
    expect((await refusal(sms.execute({}, { key: { phone: 'p1' } }))).retryAt).toBe('2026-11-23T11:00:00.000Z');
    await sms.execute({}, { key: { phone: 'p2' } });
    // Both limits refuse: the later retryAt is the one that matters.
    expect((await refusal(sms.execute({}, { key: { phone: 'p2' } }))).retryAt).toBe('2026-11-23T11:00:00.000Z');
    expect((await refusal(sms.execute({}, { key: { phone: 'p3' } }))).retryAt).toBe('2026-11-23T10:01:00.000Z');
    mock.platform.clock.advance(60_000);
    expect(await sms.execute({}, { key: { phone: 'p3' } })).toMatchObject({ result: 'sent' });
  });

  it('scheduled runs are judged when they run, and recorded as rate-limited', async () => {
    seedDemoIntegrations(mock.platform.admin.integrations, tid);
    const welcome = createIntegration('welcome-email', { trackingId: tid });
    await welcome.schedule({ to: 'ann' }, { key: { email: 'h1' }, delay: 60_000 });
    await welcome.execute({ to: 'ann' }, { key: { email: 'h1' } });
    mock.platform.clock.advance(60_000);
    await mock.platform.inspect.integrations.idle();
    expect(mock.platform.inspect.integrations.runs().map((r) => [r.trigger, r.status, r.retryAt])).toEqual([
      ['execute', 'ok', undefined],
      ['schedule', 'rate-limited', '2026-11-30T10:00:00.000Z'],
    ]);
  });

  it('answers HTTP 429 with the retryAt body and a Retry-After header', async () => {
    seedDemoIntegrations(mock.platform.admin.integrations, tid);
    const url = `https://integrations.svc.example/v1/${tid}/integrations/welcome-email/execute`;
    const post = () =>
      fetch(url, {
        method: 'POST',
        body: '{"payload":{},"key":{"email":"h1"}}',
        headers: { 'content-type': 'application/json' },
      });
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(7 * 86_400));
    expect(await refused.json()).toEqual({ status: 429, retryAt: '2026-11-30T10:00:00.000Z' });
  });
});
