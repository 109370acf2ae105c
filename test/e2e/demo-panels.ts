// The demo's QA panels (<details data-panel="…">, demo/qa/panels.ts), as the browser tests open them.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the QA panel `name` unless it is open, and waits for its content (`data-loaded`). From the
 * keyboard, as a QA person may: a click is aimed where the summary was, and the live content of
 * the panels above it (the requests list grows as calls go out) can move it before the click lands.
 */
export async function openPanel(page: Page, name: string): Promise<Locator> {
  const panel = page.locator(`[data-panel="${name}"]`);
  if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open))) await panel.locator('summary').press('Enter');
  await expect(panel).toHaveAttribute('data-loaded', 'true');
  return panel;
}
