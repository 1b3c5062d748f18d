import { expect, test } from './fixtures.ts';

test('Indonesia: registers with the consents in Indonesian, joins Beauty Pass, signs out, then signs in from a product page and lands back on it', async ({ page, store, account, catalogue, expectAccessible }) => {
  const email = `e2e.id.${Date.now()}@example.com`;
  const password = 'Nasi goreng 21';

  const form = await account.openRegistration('?country_code=ID', 'Buat akun');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
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
  await expectAccessible();
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
  await expectAccessible();
  // The session cookies of spec §3: only jwt-data is readable by the page.
  const cookies = await page.context().cookies();
  const byName = new Map(cookies.map((cookie) => [cookie.name, cookie]));
  expect(byName.get('jwt-data')?.httpOnly).toBe(false);
  for (const name of ['jwt-signature', 'jwt-refresh-token', 'device-id']) expect(byName.get(name)?.httpOnly, name).toBe(true);
  for (const cookie of cookies.filter((c) => c.name.startsWith('jwt-'))) expect(cookie.sameSite).toBe('Lax');

  await account.signOut('Keluar');
  await expect(page.getByText('Berhasil keluar')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const header = store.header();
  await expect(header.getByRole('link', { name: 'Masuk' })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'jwt-refresh-token')).toBe(false);
  await expectAccessible();

  const slug = await catalogue.someProductSlug('id');
  await store.openProduct(slug);
  await header.getByRole('link', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(`/sign_in?return_to=${encodeURIComponent(`/products/${slug}`)}`);
  await expectAccessible();
  await account.signIn(email, password, { password: 'Kata sandi', submit: 'Masuk' });

  await expect(page).toHaveURL(new RegExp(`/products/${slug}$`));
  await expect(header.getByRole('link', { name: 'Akun' })).toBeVisible();
});

test('a hostile return_to (//evil.example) lands on the home page after sign-in', async ({ page, store, account }) => {
  const email = `e2e.hostile.${Date.now()}@example.com`;
  await account.register({ email, password: 'Kaya toast 77', firstName: 'Mei', lastName: 'Tan', country: 'SG' });
  await account.leaveBrowser();

  await account.openSignIn('//evil.example/steal');
  await account.signIn(email, 'Kaya toast 77');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(store.header().getByRole('link', { name: 'Account' })).toBeVisible();
});

test('5 wrong passwords block the account on this browser: the message and its reference id are shown, and the right password is refused too', async ({ page, account, expectAccessible }) => {
  const email = `e2e.blocked.${Date.now()}@example.com`;
  await account.register({ email, password: 'Laksa bowl 55', firstName: 'Wei', lastName: 'Lim', country: 'SG' });
  await account.leaveBrowser();

  await account.openSignIn();
  const alert = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await account.signIn(email, `wrong guess ${attempt}`);
    await expect(alert).toContainText('Authentication failed');
  }
  await expectAccessible();
  await page.getByLabel('Password').fill('wrong guess 5');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toContainText('Account cannot be signed in; contact support quoting a Reference ID');
  const referenceId = (await page.getByTestId('reference-id').textContent())?.trim() ?? '';
  expect(referenceId).toMatch(/^BP-[0-9A-Z]{10}$/);
  await expect(alert).toContainText(referenceId);
  await expectAccessible();

  // The right password does not get through while the block lasts; the reference id stays the same.
  await page.getByLabel('Password').fill('Laksa bowl 55');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('reference-id')).toHaveText(referenceId);
  await expect(page).toHaveURL(/\/sign_in/);
});

test('a forgotten password: the reset link arrives in the mailbox, sets a new password that signs in; then the account pages', async ({ page, store, account, mailbox, expectAccessible }) => {
  const email = `e2e.reset.${Date.now()}@example.com`;
  await account.register({ email, password: 'Teh tarik 12', firstName: 'Nur', lastName: 'Aziz', country: 'SG' });
  await account.leaveBrowser();

  await account.openSignIn();
  await account.openForgotPassword();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`A reset link will be sent to your email ${email}`)).toBeVisible();
  await expectAccessible();

  // The store has no SMTP here: the email waits in the outbox, which the sandbox mailbox shows.
  await mailbox.open();
  const reset = mailbox.email(email, /^Reset your .+ password$/);
  await expect(reset).toBeVisible();
  await reset.getByRole('link', { name: /\/reset_password\?token=/ }).click();
  await expect(page).toHaveURL(/\/reset_password\?token=[^&]+$/);
  // The reset page names the account with its email masked.
  await expect(page.getByText(/^Choose a new password for e\*+@example\.com\.$/)).toBeVisible();
  await expectAccessible();
  await page.getByLabel('New password', { exact: true }).fill('Teh tarik 34');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed successfully')).toBeVisible();
  await expectAccessible();

  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign_in$/);
  await expectAccessible();
  await account.signIn(email, 'Teh tarik 34');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(store.productCards().first()).toBeVisible();
  await expectAccessible();
  await store.header().getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible();

  await account.openSetting('Edit your profile', 'Your profile');
  await expect(page.getByText(`Email: ${email}`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await account.openSetting('Change your password', 'Change your password');
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await account.openSetting('Complete your beauty profile', 'Beauty profile');
});
