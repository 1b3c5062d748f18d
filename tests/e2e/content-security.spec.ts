import { expect, test } from './fixtures.ts';

test.describe('Content Security Policy', () => {
  test('the store page runs no inline script but its own boot script: one added to it is refused, and the guard reports it', async ({ page, store, contentSecurity }) => {
    await store.open('/');
    // The guard starts empty on a page of ours: nothing of the store itself was refused (the boot script is allowed by its hash, and it loaded the store).
    expect(contentSecurity.violations()).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('head script[type="module"][src^="/assets/index-"]').length)).toBe(1);
    await page.addScriptTag({ content: 'window.inlineScriptRan = true;' }).catch(() => undefined);
    await expect.poll(() => contentSecurity.violations().length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as Window & { inlineScriptRan?: boolean }).inlineScriptRan)).toBeUndefined();
    // Taken, so this test's own teardown does not fail on the refusal it provoked.
    const refused = contentSecurity.take();
    expect(refused.some((violation) => /^script-src/.test(violation.directive) && violation.blocked === 'inline')).toBe(true);
  });
});
