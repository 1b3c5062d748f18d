import { expect, test } from './fixtures.ts';

test('QA replays the booking flow to a confirmed booking', async ({ page, visualizer: viz }) => {
  await viz.pick('bookingFlow');
  await expect(viz.highlighted()).toHaveCount(1);
  const seen = await viz.replayPathTo('confirmed');
  expect(seen.length).toBeGreaterThan(1);
  await expect(viz.root).toHaveAttribute('data-state', 'confirmed');
  await expect(viz.highlighted()).toHaveAttribute('data-state-path', 'confirmed');
  await expect(viz.highlighted()).toHaveAttribute('data-active', 'true');
  // The reached state is a link QA can share: reopening it shows the same state.
  const link = await page.getByRole('textbox', { name: 'Link to this state' }).inputValue();
  await viz.openLink(link, 'confirmed');
  await expect(viz.root).toHaveAttribute('data-state', 'confirmed');
});

test('QA replays the product listing to a failed Show More, then steps back', async ({ visualizer: viz }) => {
  await viz.pick('productListing');
  await expect(viz.highlighted()).toHaveAttribute('data-state-path', 'loading');
  expect(await viz.replayPathTo('moreFailure')).toEqual(['loaded', 'loadingMore', 'moreFailure']);
  await expect(viz.highlighted()).toHaveAttribute('data-state-path', 'moreFailure');
  await viz.stepBack();
  await expect(viz.highlighted()).toHaveAttribute('data-state-path', 'loadingMore');
});
