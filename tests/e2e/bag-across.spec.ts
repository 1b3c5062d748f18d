import { expect, test } from './fixtures.ts';
import { findProduct } from './fixtures/bag.ts';

/*
 * The bag across countries, accounts and tabs (issue 12): Indonesia (Rp with Indonesian grouping,
 * PPN, Indonesian text) and Thailand (฿, VAT, Thai text), a guest bag merged into the member's at
 * sign-in, and the header's count following in a second tab. Singapore's flows: bag.spec.ts. Each
 * test takes its products from a price band of its own (the run shares one server and its stock).
 */

/** Whole units grouped by thousands with `separator` (Indonesian: 564000 → "564.000"). */
const grouped = (amount: number, separator: string) => String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
/** A whitespace-tolerant pattern for a price shown with a symbol ("Rp 564.000": Intl puts a no-break space). */
const priced = (symbol: string, figure: string) => new RegExp(`${symbol.replace('$', '\\$')}\\s?${figure.replace(/\./g, '\\.')}(?![\\d.,])`);

test('Indonesia: Rupiah with Indonesian grouping, PPN 11%, no instalment line, and the bag in Indonesian', async ({ page, store, bag, baseURL, expectAccessible }) => {
  await bag.shopIn('id', baseURL ?? '');
  // ID: Rp500.000 for free shipping (src/config/countries.ts): a product under it shows the progress.
  const product = await findProduct(page.request, { country: 'id', minPrice: 420000, maxPrice: 490000 });
  await bag.stockUp(product.slug);
  await store.openProduct(product.slug);
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await bag.expectCount(0, page, 'Tas', 'produk');
  await page.getByRole('main').getByRole('button', { name: 'Tambah ke tas' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Ditambahkan' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/telah ditambahkan ke tas Anda\.$/)).toBeVisible();
  await bag.expectCount(1, page, 'Tas', 'produk');
  await expectAccessible();

  await bag.link().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tas' })).toBeVisible();
  const line = page.getByRole('list', { name: 'Produk di tas Anda' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('group', { name: `Jumlah ${product.name}` })).toBeVisible();
  await expect(line.getByRole('button', { name: `Tambah jumlah ${product.name}` })).toBeEnabled();
  const summary = page.getByRole('region', { name: 'Ringkasan pesanan' });
  // Whole rupiah grouped by dots, never cents: "Rp 456.000".
  await expect(summary.getByRole('definition').first()).toHaveText(priced('Rp', grouped(product.pays, '.')));
  await expect(summary).not.toContainText(',00');
  await expect(summary.getByRole('term').filter({ hasText: 'Termasuk PPN 11%' })).toBeVisible();
  await expect(summary.getByText(new RegExp(`^Belanja Rp\\s?${grouped(500000 - product.pays, '\\.')} lagi untuk gratis ongkir$`))).toBeVisible();
  await expect(summary.getByRole('progressbar')).toBeVisible();
  // No buy-now-pay-later provider in Indonesia (spec §9).
  await expect(summary.getByText(/Atome|Afterpay|Klarna/)).toHaveCount(0);
  await expect(summary.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await expectAccessible();

  // Past the threshold, shipping is free, said in Indonesian.
  await line.getByRole('button', { name: `Tambah jumlah ${product.name}` }).click();
  await bag.expectCount(2, page, 'Tas', 'produk');
  await expect(summary.getByRole('definition').first()).toHaveText(priced('Rp', grouped(product.pays * 2, '.')));
  await expect(summary.getByText('Gratis', { exact: true })).toBeVisible();
});

test('Thailand: baht, VAT 7%, no instalment line, and the bag in Thai', async ({ page, store, bag, baseURL, expectAccessible }) => {
  await bag.shopIn('th', baseURL ?? '');
  // TH: ฿500 for free shipping: a product under it shows the progress.
  const product = await findProduct(page.request, { country: 'th', minPrice: 300, maxPrice: 480 });
  await store.openProduct(product.slug);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await page.getByRole('main').getByRole('button', { name: 'เพิ่มลงถุง' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'เพิ่มแล้ว' })).toBeVisible();
  await bag.expectCount(1, page, 'ถุงช้อปปิ้ง', 'รายการ');
  await expectAccessible();

  await bag.open('ถุงช้อปปิ้ง');
  const line = page.getByRole('list', { name: 'สินค้าในถุงช้อปปิ้งของคุณ' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('group', { name: `จำนวน ${product.name}` })).toBeVisible();
  const summary = page.getByRole('region', { name: 'สรุปคำสั่งซื้อ' });
  await expect(summary.getByRole('definition').first()).toHaveText(priced('฿', `${grouped(product.pays, ',')}.${product.pays.toFixed(2).slice(-2)}`));
  await expect(summary.getByRole('term').filter({ hasText: 'รวม VAT 7%' })).toBeVisible();
  await expect(summary.getByText(/^ซื้อเพิ่มอีก ฿[\d,.]+ เพื่อรับการจัดส่งฟรี$/)).toBeVisible();
  await expect(summary.getByText(/Atome|Afterpay|Klarna/)).toHaveCount(0);
  await expect(summary.getByRole('button', { name: 'ชำระเงิน' })).toBeEnabled();
  // The shopper's own words are Thai: the summary's terms carry Thai script.
  await expect(summary.getByRole('term').first()).toHaveText(/[\u0E00-\u0E7F]/);

  await line.getByRole('button', { name: `นำ ${product.name} ออกจากถุงช้อปปิ้ง` }).click();
  await expect(page.getByText('ถุงช้อปปิ้งของคุณว่างเปล่า')).toBeVisible();
  await bag.expectCount(0, page, 'ถุงช้อปปิ้ง', 'รายการ');
});

test('a guest bag merges into the member’s at sign-in: quantities summed, capped by the stock with a notice, the header counts all', async ({ page, store, bag, account, expectAccessible }) => {
  const band = { minPrice: 45, maxPrice: 49.99 };
  const both = await findProduct(page.request, band);
  const guestOnly = await findProduct(page.request, { ...band, not: [both.slug] });
  const capped = await findProduct(page.request, { ...band, not: [both.slug, guestOnly.slug] });
  const email = `e2e.bag.${Date.now()}@example.com`;
  const password = 'Chilli crab 88';
  // The member's bag holds one of `both` and three of `capped` (registering signs this browser in).
  await account.register({ email, password, firstName: 'Siti', lastName: 'Rahman', country: 'SG' });
  await bag.addByApi(both.slug, 1);
  await bag.addByApi(capped.slug, 3);
  await account.leaveBrowser();

  // As a guest: two of `both` and three of `capped` (through the API), one of `guestOnly` from its page.
  await bag.addByApi(both.slug, 2);
  await bag.addByApi(capped.slug, 3);
  await store.openProduct(guestOnly.slug);
  await page.getByRole('main').getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Added' })).toBeVisible();
  await bag.expectCount(6);
  // Only 4 of `capped` are left now: the merge can keep 4 of the 6 asked for.
  const cappedLine = (await bag.serverLines()).find((l) => l.product.slug === capped.slug);
  if (!cappedLine) throw new Error('the capped product is not in the guest bag');
  await bag.setStock(cappedLine.variant.id, 4);

  await account.openSignIn();
  await account.signIn(email, password);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(store.header().getByRole('link', { name: 'Account' })).toBeVisible();
  await bag.expectCount(3 + 1 + 4);
  await expectAccessible();

  await bag.open();
  await expect(bag.lines()).toHaveCount(3);
  await expect(bag.line(both.name).getByRole('group', { name: `Quantity of ${both.name}` })).toContainText('3');
  await expect(bag.line(guestOnly.name).getByRole('group', { name: `Quantity of ${guestOnly.name}` })).toContainText('1');
  await expect(bag.line(capped.name).getByRole('group', { name: `Quantity of ${capped.name}` })).toContainText('4');
  // The shopper is told what was capped, once.
  const notice = page.getByRole('main').getByRole('status').filter({ hasText: 'We added your earlier bag to this one. Some quantities changed:' });
  await expect(notice.getByRole('listitem')).toHaveText([`${capped.name} (${cappedLine.variant.name}): 4 of 6 kept`]);
  // The guest bag is gone: the member's bag is the only one, as the server has it.
  expect((await bag.serverLines()).map((l) => `${l.product.slug} × ${l.quantity}`).sort()).toEqual([`${both.slug} × 3`, `${guestOnly.slug} × 1`, `${capped.slug} × 4`].sort());
  await store.reload();
  await expect(bag.lines()).toHaveCount(3);
  await expect(notice).toHaveCount(0);
});

test('a second tab follows: its header count and its open bag, through add, change and remove, without reloading', async ({ page, store, bag }) => {
  const product = await findProduct(page.request, { minPrice: 50, maxPrice: 54.99 });
  await bag.stockUp(product.slug);
  await store.openProduct(product.slug);
  const other = await page.context().newPage();
  await other.goto('/cart');
  await expect(other.getByText('Your bag is empty.')).toBeVisible();
  await bag.expectCount(0, other);

  await page.getByRole('main').getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Added' })).toBeVisible();
  await bag.expectCount(1, other);
  const otherLine = other.getByRole('list', { name: 'Items in your bag' }).getByRole('listitem');
  await expect(otherLine.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('1');

  await bag.open();
  const line = bag.line(product.name);
  await line.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  await bag.expectCount(2);
  await bag.expectCount(2, other);
  await expect(otherLine.getByRole('group', { name: `Quantity of ${product.name}` })).toContainText('2');
  await line.getByRole('button', { name: `Remove ${product.name} from your bag` }).click();
  await expect(page.getByText('Your bag is empty.')).toBeVisible();
  await bag.expectCount(0, other);
  await expect(other.getByText('Your bag is empty.')).toBeVisible();
  await other.close();
});
