import { expect, test } from './fixtures.ts';
import { findProduct } from './fixtures/bag.ts';

/*
 * E-gift cards (issue 13): a shopper buys a card for themselves, sent today, and pays it with the
 * test card (a bag of e-gift cards only: no address, no delivery, no samples); the sender job emails it (every
 * second in the e2e server, GIFT_CARD_SEND_INTERVAL_MS) with its code and PIN; a later order is paid
 * with it first and the rest by card; the balance check shows what is left. Every page visited is
 * checked with axe at phone and desktop widths.
 */


test('buy an e-gift card, receive it by email, spend it on a later order with the rest by card, check its balance', async ({ page, request, bag, checkout, mailbox, expectAccessible }) => {
  test.setTimeout(120_000);
  const me = { name: 'Nur Aisyah', email: `gift.${Date.now()}@example.com` };

  // Buy: S$50, for myself, sent today.
  await page.goto('/e-gift-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'E-gift cards' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Buy an e-gift card' });
  await expect(form.getByRole('group', { name: 'Amount' })).toContainText('Choose an amount, or enter your own from S$20 to S$300.');
  await expectAccessible();
  // Add to bag checks the rules first: the errors are under the fields.
  await form.getByRole('button', { name: 'Add to bag' }).click();
  await expect(form.getByRole('alert')).toContainText('Some details need your attention:');
  await expect(form.getByLabel("Recipient's name")).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible();
  await form.getByRole('radio', { name: 'S$50' }).check();
  await form.getByLabel("Recipient's name").fill(me.name);
  await form.getByLabel("Recipient's email").fill(me.email);
  await form.getByLabel('Your name').fill(me.name);
  await form.getByLabel('Message (optional)').fill('A treat for me.');
  await expect(form.getByText('15 of 200 characters')).toBeVisible();
  const today = await form.getByLabel('Send date').inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await form.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Added to your bag' })).toBeVisible();
  await bag.expectCount(1);
  await expectAccessible();

  // Pay it: the bag of e-gift cards only is no parcel: from contact to payment.
  await page.getByRole('link', { name: 'Go to bag' }).click();
  await expect(page.getByRole('list', { name: 'E-gift cards in your bag' })).toContainText(`E-gift card for ${me.name}`);
  await expectAccessible();
  await bag.summary().getByRole('button', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await checkout.ready();
  await checkout.expectStep('Contact', 1, 3);
  await expectAccessible();
  await checkout.contact(me.email);
  await checkout.expectStep('Payment', 2, 3);
  await checkout.card({ name: me.name });
  await checkout.continue();
  await checkout.expectStep('Review', 3, 3);
  await expect(page.getByText("By email, on each card's send date")).toBeVisible();
  await expect(checkout.summary()).toContainText(`E-gift card for ${me.name}`);
  await expectAccessible();
  await checkout.place();
  await checkout.expectPlaced();
  await expect(page.getByText(new RegExp(`^The e-gift card for ${me.name} will be emailed to ${me.email.replace(/\./g, '\\.')} on `))).toBeVisible();
  await expect(page.getByText('S$50.00 paid with the card ending 4242.')).toBeVisible();

  // The card arrives on its send date (today) with its code and PIN.
  await mailbox.open();
  const email = mailbox.email(me.email, `${me.name} sent you a Beauty Pass Singapore e-gift card`);
  await expect(async () => {
    await page.reload();
    await expect(email).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expectAccessible();
  const text = (await email.textContent()) ?? '';
  const code = /Code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(text)?.[1];
  const pin = /PIN: (\d{8})/.exec(text)?.[1];
  expect(code, text).toBeDefined();
  expect(pin, text).toBeDefined();

  // A later order of more than S$50: the card pays first, the test card the rest.
  const product = await findProduct(request, { minPrice: 90, maxPrice: 109.99 });
  await bag.stockUp(product.slug);
  await bag.addByApi(product.slug);
  await checkout.open();
  await checkout.contact(me.email);
  await checkout.address({ fullName: me.name, phone: '9123 4567', line1: '2 Orchard Turn', postcode: '238801' });
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await checkout.continue();
  await checkout.continue();
  await checkout.expectStep('Payment', 5);
  await checkout.card({ name: me.name });
  await page.getByRole('button', { name: 'Add a gift card' }).click();
  const giftCard = page.getByRole('group', { name: 'Gift card 1' });
  await giftCard.getByLabel('Gift card code').fill(code ?? '');
  await giftCard.getByLabel('PIN').fill(pin ?? '');
  await expectAccessible();
  await checkout.continue();
  await checkout.expectStep('Review', 6);
  await expect(page.getByText(`••••-••••-••••-${(code ?? '').slice(-4)}`)).toBeVisible();
  await checkout.place();
  await checkout.expectPlaced();
  const paid = page.getByRole('list', { name: 'How you paid' });
  await expect(paid).toContainText(`S$50.00 paid with the gift card ••••-••••-••••-${(code ?? '').slice(-4)}.`);
  await expect(paid).toContainText(/S\$\d+\.\d{2} paid with the card ending 4242\./);

  // What is left on it.
  await page.goto('/e-gift-cards');
  const check = page.getByRole('form', { name: 'Check a balance' });
  // Both are required (and the page is hydrated once it says so).
  await check.getByRole('button', { name: 'Check balance' }).click();
  await expect(check.getByLabel('PIN')).toHaveAccessibleDescription(/Enter the 8-digit PIN from the gift card email$/);
  await check.getByLabel('Gift card code').fill(code ?? '');
  await check.getByLabel('PIN').fill(pin ?? '');
  await check.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByText('Balance: S$0.00')).toBeVisible();
  await expect(page.getByText('Loaded with S$50.00. E-gift cards do not expire.')).toBeVisible();
  await expectAccessible();
});
