import { expect, test, type APIRequestContext } from '@playwright/test';

const API = '/api/web/v1';
/** The SPA's headers (spec §7): the API refuses writes without them. */
const HEADERS = { 'Content-Type': 'application/json', 'X-Platform': 'web', 'X-App-Platform': 'web_desktop', 'X-App-Version': '1.0.0', 'X-SWA': 'web' };

async function someProductSlug(request: APIRequestContext, country: string): Promise<string> {
  const response = await request.get(`${API}/products?per_page=1`, { headers: { ...HEADERS, 'X-Site-Country': country } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { slug: string }[] };
  const slug = body.data[0]?.slug;
  if (!slug) throw new Error('the seeded catalogue has no product');
  return slug;
}

test('Indonesia: registers with the consents in Indonesian, joins Beauty Pass, signs out, then signs in from a product page and lands back on it', async ({ page }) => {
  const email = `e2e.id.${Date.now()}@example.com`;
  const password = 'Nasi goreng 21';

  await page.goto('/register?country_code=ID');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  const form = page.getByRole('form', { name: 'Buat akun' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Kata sandi').fill(password);
  await form.getByLabel('Nama depan').fill('Sari');
  await form.getByLabel('Nama belakang').fill('Wijaya');
  await expect(form.getByLabel('Negara')).toHaveValue('ID');
  // The strength rule is stated on the form before anything is typed wrong.
  await expect(form.getByText(/8 karakter/)).toBeVisible();

  // Submitting without the compulsory consents sends nothing and says which are missing.
  await form.getByRole('button', { name: 'Buat akun' }).click();
  await expect(page).toHaveURL(/\/register/);
  await form.getByLabel('Saya menyetujui pengumpulan dan penggunaan informasi pribadi saya.').check();
  await form.getByLabel('Saya menyetujui pengungkapan informasi pribadi saya kepada pihak ketiga.').check();
  await form.getByLabel('Saya menyetujui kebijakan privasi.').check();
  await form.getByLabel('Saya berusia di atas 14 tahun.').check();
  await form.getByLabel(/Gabung Beauty Pass: Saya menyetujui ketentuan Beauty Pass untuk Indonesia/).check();
  await form.getByRole('button', { name: 'Buat akun' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Akun Anda' })).toBeVisible();
  await expect(page.getByTestId('beauty-pass').locator('[data-tier="pink"]')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // The session cookies of spec §3: only jwt-data is readable by the page.
  const cookies = await page.context().cookies();
  const byName = new Map(cookies.map((cookie) => [cookie.name, cookie]));
  expect(byName.get('jwt-data')?.httpOnly).toBe(false);
  for (const name of ['jwt-signature', 'jwt-refresh-token', 'device-id']) expect(byName.get(name)?.httpOnly, name).toBe(true);
  for (const cookie of cookies.filter((c) => c.name.startsWith('jwt-'))) expect(cookie.sameSite).toBe('Lax');

  await page.getByRole('button', { name: 'Keluar', exact: true }).click();
  await expect(page.getByText('Berhasil keluar')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Masuk' })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'jwt-refresh-token')).toBe(false);

  const slug = await someProductSlug(page.request, 'id');
  await page.goto(`/products/${slug}`);
  await header.getByRole('link', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(`/sign_in?return_to=${encodeURIComponent(`/products/${slug}`)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Kata sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();

  await expect(page).toHaveURL(new RegExp(`/products/${slug}$`));
  await expect(header.getByRole('link', { name: 'Akun' })).toBeVisible();
});

test('a hostile return_to (//evil.example) lands on the home page after sign-in', async ({ page }) => {
  const email = `e2e.hostile.${Date.now()}@example.com`;
  const created = await page.request.post(`${API}/user`, {
    headers: { ...HEADERS, 'X-Site-Country': 'sg' },
    data: {
      email,
      password: 'Kaya toast 77',
      firstName: 'Mei',
      lastName: 'Tan',
      country: 'SG',
      consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: false },
    },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto(`/sign_in?return_to=${encodeURIComponent('//evil.example/steal')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Kaya toast 77');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
});

test('5 wrong passwords block the account on this browser: the message and its reference id are shown, and the right password is refused too', async ({ page }) => {
  const email = `e2e.blocked.${Date.now()}@example.com`;
  const created = await page.request.post(`${API}/user`, {
    headers: { ...HEADERS, 'X-Site-Country': 'sg' },
    data: {
      email,
      password: 'Laksa bowl 55',
      firstName: 'Wei',
      lastName: 'Lim',
      country: 'SG',
      consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: false },
    },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto('/sign_in');
  const alert = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(`wrong guess ${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(alert).toContainText('Authentication failed');
  }
  await page.getByLabel('Password').fill('wrong guess 5');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toContainText('Account cannot be signed in; contact support quoting a Reference ID');
  const referenceId = (await page.getByTestId('reference-id').textContent())?.trim() ?? '';
  expect(referenceId).toMatch(/^BP-[0-9A-Z]{10}$/);
  await expect(alert).toContainText(referenceId);

  // The right password does not get through while the block lasts; the reference id stays the same.
  await page.getByLabel('Password').fill('Laksa bowl 55');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('reference-id')).toHaveText(referenceId);
  await expect(page).toHaveURL(/\/sign_in/);
});
