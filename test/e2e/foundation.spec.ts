import { expect, test } from '@playwright/test';

test('the page loads svc.min.js and reads a response of the mock platform through the MSW worker', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== 'localhost' && !host.endsWith('.svc.example')) external.push(r.url());
  });
  await page.goto('/');
  await expect(page.locator('#status')).toHaveAttribute('data-ready', 'true');
  const result = await page.evaluate(async () => {
    const w = window as unknown as { svc: Record<string, unknown> };
    const response = await fetch('https://recs.svc.example/no/such/path', { method: 'POST' });
    return {
      svc: typeof w.svc,
      errorClass: typeof w.svc.SvcError,
      status: response.status,
      body: await response.json(),
    };
  });
  expect(result).toEqual({
    svc: 'object',
    errorClass: 'function',
    status: 404,
    body: { status: 404, message: 'The requested URL was not found on the server.' },
  });
  expect(external).toEqual([]);
});
