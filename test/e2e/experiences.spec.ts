import { expect, test } from '@playwright/test';

// @svc/experiences in Chromium through the script tag (window.svc) against the demo experiences
// of the mock behind the MSW worker: the contextId is the real `_svcTracker` cookie, callbacks
// cross a real fetch and come back as views in the platform's metrics (control group included).
test('createExperiencesClient in the browser: cookie contextId, preview, views as metrics', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  const result = await page.evaluate(async () => {
    type Payload = {
      id: number;
      variation: number;
      isControl: boolean;
      callback: string;
      payload: Record<string, unknown>;
    };
    type Client = {
      getExperiences(
        options?: object,
      ): Promise<{ experiencePayloads: Payload[]; contextId: string; generated: boolean }>;
      seen(payload: Payload, deviceId?: string): Promise<{ ok: boolean; attempts: number }>;
    };
    const w = window as unknown as {
      svc: { createExperiencesClient(options: object): Client };
      svcMock: {
        platform: {
          inspect: {
            experiences: {
              metrics(
                tid: string,
                id?: number,
              ): Array<{ views: number; variations: Array<{ variation: number; isControl: boolean; views: number }> }>;
            };
          };
        };
      };
    };
    document.cookie = '_svcTracker=e2e-experiences-visitor; path=/';
    const client = w.svc.createExperiencesClient({ trackingId: 'demo_shop' });
    const plain = await client.getExperiences();
    const control = await client.getExperiences({ experienceIds: [1], variation: 11 });
    const draft = await client.getExperiences({ experienceIds: [1], preview: true, variation: 14 });
    const seen = [await client.seen(plain.experiencePayloads[0]), await client.seen(control.experiencePayloads[0])];
    const archived = await client.getExperiences({ experienceIds: [3] }).then(
      () => 'served',
      (e: { code: string; experienceId: number }) => `${e.code} ${e.experienceId}`,
    );
    const refused = await client.getExperiences({ variation: 1.5 }).then(
      () => 'sent',
      (e: { code: string }) => e.code,
    );
    const [hero] = w.svcMock.platform.inspect.experiences.metrics('demo_shop', 1);
    return {
      contextId: plain.contextId,
      generated: plain.generated,
      ids: plain.experiencePayloads.map((p) => p.id),
      control: control.experiencePayloads.map((p) => [p.variation, p.isControl]),
      draft: draft.experiencePayloads.map((p) => p.payload.headline),
      seen: seen.map((s) => s.ok),
      plainIsControl: plain.experiencePayloads[0].isControl,
      controlViews: hero.variations.find((v) => v.isControl)?.views,
      views: hero.views,
      archived,
      refused,
    };
  });
  expect(result).toEqual({
    contextId: 'e2e-experiences-visitor',
    generated: false,
    ids: [1],
    control: [[11, true]],
    draft: ['New arrivals are in'],
    seen: [true, true],
    plainIsControl: expect.any(Boolean),
    controlViews: expect.any(Number),
    views: 2,
    archived: 'NOT_FOUND 3',
    refused: 'INVALID_ARGUMENT',
  });
  // The control group's views: the one asked for by variation, plus the visitor's own if in control.
  expect(result.controlViews).toBe(result.plainIsControl ? 2 : 1);
});
