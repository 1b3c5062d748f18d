import { expect, test } from './fixtures.ts';

/**
 * Google sign-in end to end against the local OpenID Connect issuer (tests/tools/oidc-issuer-server.ts):
 * the browser goes to the issuer's /authorize, comes back with an ID token, and the store's server
 * checks it against the issuer's published keys. The issuer's user has no store account at first.
 */
test('Continue with Google: not linked → the register form starts from the Google account; after registering, Google signs the member straight in', async ({ page, account, expectAccessible }) => {
  await account.openSignIn('/account');
  await account.continueWithGoogle();

  // Back from the issuer: not linked yet, so the invitation to register with the Google names filled in.
  await expect(page).toHaveURL(/\/register/);
  await expect(page.getByText('This Google account is not linked yet: create your account to continue')).toBeVisible();
  const form = page.getByRole('form', { name: 'Create an account' });
  await expect(form.getByLabel('Email')).toHaveValue('mei.google@example.com');
  await expect(form.getByLabel('First name')).toHaveValue('Mei');
  await expect(form.getByLabel('Last name')).toHaveValue('Tan');
  // The ID token is not left in the address bar.
  expect(page.url()).not.toContain('id_token');
  await expectAccessible();

  await form.getByLabel('Password').fill('Chendol ice 31');
  await form.getByLabel('I consent to the collection and use of my personal information.').check();
  await form.getByLabel('I consent to the disclosure of my personal information to third parties.').check();
  await form.getByLabel('I agree to the privacy policy.').check();
  await form.getByLabel('I am over 14 years old.').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('mei.google@example.com')).toBeVisible();
  await expectAccessible();

  await account.signOut();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expectAccessible();

  // Linked now: Google signs in without a password and lands on return_to.
  await account.openSignIn('/account');
  await account.continueWithGoogle();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('mei.google@example.com')).toBeVisible();
});
