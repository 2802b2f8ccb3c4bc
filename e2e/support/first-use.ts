import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves the pointer over the page, the way a visitor does, until the app has started and shows
 * `started`. The prerendered page loads its entry only after the first paint (or the load
 * event, which `page.goto` waits for), so a single move right after `goto` can come before the
 * entry listens for first use; on a site without chat, analytics or a session nothing else
 * starts the app, and a lone move would wait forever. Each try moves to another point, as a
 * move to where the pointer already is fires no event.
 */
export async function startAppByPointer(page: Page, started: Locator): Promise<void> {
  let step = 0;
  await expect(async () => {
    step += 1;
    await page.mouse.move(5 + (step % 2), 5);
    await expect(started).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
