import { expect, test, type Page } from '@playwright/test';

/** QA's moves in the machine visualizer (`/sandbox/machines`, on with SANDBOX=1 in playwright.config.ts). */
function visualizer(page: Page) {
  const root = page.locator('article.viz[data-machine]');
  return {
    root,
    async pick(machineId: string) {
      await page.goto('/sandbox/machines');
      await page.locator(`li[data-machine="${machineId}"]`).getByRole('link').click();
      await expect(root).toHaveAttribute('data-machine', machineId);
    },
    /** Plays the generated path to `target` one Next at a time; returns the states passed through. */
    async replayPathTo(target: string) {
      const row = page.getByRole('region', { name: 'Paths to every state' }).locator(`li[data-target="${target}"]`);
      await row.getByRole('button', { name: `Play path to ${target}` }).click();
      const next = row.getByRole('button', { name: `Next step to ${target}` });
      const seen: string[] = [];
      while (await next.isEnabled()) {
        await next.click();
        seen.push((await root.getAttribute('data-state')) ?? '');
      }
      return seen;
    },
    highlighted() {
      return page.locator('[data-state-path][aria-current="true"]');
    },
  };
}

test('QA replays the booking flow to a confirmed booking', async ({ page }) => {
  const viz = visualizer(page);
  await viz.pick('bookingFlow');
  await expect(viz.highlighted()).toHaveCount(1);
  const seen = await viz.replayPathTo('confirmed');
  expect(seen.length).toBeGreaterThan(1);
  await expect(viz.root).toHaveAttribute('data-state', 'confirmed');
  await expect(viz.highlighted()).toHaveAttribute('data-state-path', 'confirmed');
  await expect(viz.highlighted()).toHaveAttribute('data-active', 'true');
  // The reached state is a link QA can share: reopening it shows the same state.
  const link = await page.getByRole('textbox', { name: 'Link to this state' }).inputValue();
  await page.goto(link);
  await expect(viz.root).toHaveAttribute('data-state', 'confirmed');
});

test('QA replays the product listing to a failed Show More, then steps back', async ({ page }) => {
  const viz = visualizer(page);
  await viz.pick('productListing');
  await expect(viz.highlighted()).toHaveAttribute('data-state-path', 'loading');
  expect(await viz.replayPathTo('moreFailure')).toEqual(['loaded', 'loadingMore', 'moreFailure']);
  await expect(viz.highlighted()).toHaveAttribute('data-state-path', 'moreFailure');
  await page.getByRole('region', { name: 'Event log' }).getByRole('button', { name: 'Step back' }).click();
  await expect(viz.highlighted()).toHaveAttribute('data-state-path', 'loadingMore');
});
