import { expect, test } from './fixtures.ts';
import { findProduct } from './fixtures/bag.ts';

/*
 * Money right in every line, as a shopper meets it: a bag of e-gift cards only is no parcel (no
 * samples, no offers to spend towards, no "Earn 0", no samples step at checkout) and its
 * confirmation email lists the card with figures that add up; on a phone the bag keeps Check out in
 * reach while its lines scroll. At 360 px and at 1280 px; axe checks every page at those widths.
 */


for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 900 ? 740 : 800 } });

    test('a bag of e-gift cards only: no samples or offers, checkout without a samples step, an email that lists the card and adds up', async ({ page, bag, checkout, mailbox, expectAccessible }) => {
      test.setTimeout(120_000);
      const me = { name: 'Siti Rahma', email: `egift.${width}.${Date.now()}@example.com` };

      await page.goto('/e-gift-cards');
      await expect(page.getByRole('heading', { level: 1, name: 'E-gift cards' })).toBeVisible();
      await expectAccessible();
      const form = page.getByRole('form', { name: 'Buy an e-gift card' });
      await form.getByRole('radio', { name: 'S$50' }).check();
      await form.getByLabel("Recipient's name").fill(me.name);
      await form.getByLabel("Recipient's email").fill(me.email);
      await form.getByLabel('Your name').fill(me.name);
      await form.getByRole('button', { name: 'Add to bag' }).click();
      await expect(page.getByRole('heading', { level: 3, name: 'Added to your bag' })).toBeVisible();
      await expectAccessible();

      // The bag: the card, its total, nothing a parcel would offer.
      await bag.open();
      await expect(page.getByRole('list', { name: 'E-gift cards in your bag' })).toContainText(`E-gift card for ${me.name}`);
      await expect(page.getByRole('group', { name: 'Choose your free samples' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Offers' })).toHaveCount(0);
      await expect(page.getByText(/more to use this offer/)).toHaveCount(0);
      await expect(page.getByText(/^Earn /)).toHaveCount(0);
      await expect(bag.summary().locator('.bag-summary__total dd')).toHaveText('S$50.00');

      // Checkout: contact, payment, review: no samples step.
      await bag.summary().getByRole('button', { name: 'Check out' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await checkout.ready();
      await checkout.expectStep('Contact', 1, 3);
      await expect(page.getByRole('navigation', { name: 'Checkout steps' })).not.toContainText('Samples and offers');
      await expectAccessible();
      await checkout.contact(me.email);
      await checkout.expectStep('Payment', 2, 3);
      await checkout.card({ name: me.name });
      await expectAccessible();
      await checkout.continue();
      await checkout.expectStep('Review', 3, 3);
      await expectAccessible();
      await checkout.place();
      const number = await checkout.expectPlaced();

      // The confirmation email: the card listed, no goods subtotal, e-gift cards + nothing else = total.
      await mailbox.open();
      const email = mailbox.email(me.email, new RegExp(`order ${number} confirmed`));
      await expect(email).toBeVisible();
      const text = (await email.textContent()) ?? '';
      expect(text).toContain(`E-gift card for ${me.name} (${me.email}): S$50.00`);
      expect(text).toContain('E-gift cards: S$50.00');
      expect(text).toContain('Total: S$50.00');
      expect(text).not.toContain('Subtotal');
      expect(text).not.toContain('Shipping');
    });
  });
}

test.describe('the phone bag', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('keeps Check out in reach: a bar with the total at the bottom while the lines scroll, in the summary on a desktop', async ({ page, request, bag, expectAccessible }) => {
    const first = await findProduct(request, { minPrice: 20, maxPrice: 60 });
    const second = await findProduct(request, { minPrice: 20, maxPrice: 60, not: [first.slug] });
    for (const product of [first, second]) {
      await bag.stockUp(product.slug);
      await bag.addByApi(product.slug);
    }
    await bag.open();
    const checkout = bag.summary().getByRole('button', { name: 'Check out' });
    // At the top of the page the summary is far below the fold; its action is not.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(checkout).toBeInViewport({ ratio: 1 });
    const bar = page.locator('.bag-summary__actions');
    await expect(bar).toContainText(/Total\s*S\$\d+\.\d{2}/);
    const atBottom = async () => {
      const box = await bar.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(740, -1);
    };
    await atBottom();
    // Scrolling the lines: still there, at the bottom.
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(checkout).toBeInViewport({ ratio: 1 });
    await atBottom();
    // The page's end is not hidden behind it: the last of the page scrolls clear of the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    const footerBox = await footer.boundingBox();
    const barBox = await bar.boundingBox();
    expect((footerBox?.y ?? 0) + (footerBox?.height ?? 0)).toBeLessThanOrEqual((barBox?.y ?? 0) + 1);
    await expectAccessible();
    // Keyboard: the button is reached and works from the bar.
    await checkout.focus();
    await expect(checkout).toBeFocused();
    await expect(checkout).toBeInViewport({ ratio: 1 });
    // On a desktop it is the summary's own button again.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.locator('.checkout [data-state="loading"]')).toHaveCount(0);
    await expectAccessible();
  });
});
