// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { BEAUTY_PASS_TERMS } from '../../src/config/consents.ts';
import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES } from '../../src/contract/account.ts';
import { apiError, fakeAccountApi, SHOPPER } from '../helpers/account-fake.ts';
import { renderApp, type RenderAppResult } from '../helpers/render-app.tsx';

afterEach(() => sessionStorage.clear());

const COMPULSORY = [
  'I consent to the collection and use of my personal information.',
  'I consent to the disclosure of my personal information to third parties.',
  'I agree to the privacy policy.',
  'I am over 14 years old.',
];

async function fillIdentity(app: RenderAppResult, email = 'siti@example.com') {
  const form = await screen.findByRole('form', { name: 'Create an account' });
  await app.user.type(within(form).getByLabelText('Email'), email);
  await app.user.type(within(form).getByLabelText('Password'), 'sunrise2026');
  await app.user.type(within(form).getByLabelText('First name'), 'Siti');
  await app.user.type(within(form).getByLabelText('Last name'), 'Rahma');
  return form;
}

describe('register', () => {
  test('states the password rule on the form and defaults the country to the site (MY)', async () => {
    await renderApp({ url: '/register?country_code=MY' });
    const form = await screen.findByRole('form', { name: 'Create an account' });
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Use at least 8 characters with at least one letter and one number');
    expect(within(form).getByLabelText('Country')).toHaveValue('MY');
    expect(screen.getByLabelText(/Beauty Pass terms for Malaysia/)).not.toBeChecked();
  });

  test('without the 4 compulsory consents nothing is sent: 4 errors "This consent is required", then ticking them sends all 6 consents and SG\'s terms variant', async () => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: '/register?return_to=%2Fcart', account: accountApi });
    const form = await fillIdentity(app);
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem')).toHaveLength(4);
    for (const label of COMPULSORY) expect(screen.getByLabelText(label)).toHaveAccessibleDescription('This consent is required');
    expect(accountApi.state.calls).toEqual([]);

    for (const label of COMPULSORY) await app.user.click(screen.getByLabelText(label));
    // A ticked box drops its error at once.
    expect(screen.getByLabelText(COMPULSORY[0] ?? '')).not.toHaveAccessibleDescription('This consent is required');
    await app.user.click(screen.getByLabelText(/Beauty Pass terms for Singapore/));
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(accountApi.state.registered).toHaveLength(1));
    expect(accountApi.state.registered[0]).toEqual({
      email: 'siti@example.com',
      password: 'sunrise2026',
      firstName: 'Siti',
      lastName: 'Rahma',
      country: 'SG',
      consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: true },
      beautyPassTermsVariant: BEAUTY_PASS_TERMS.SG.variant,
    });
    await waitFor(() => expect(app.assigned).toEqual(['/cart']));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Account' })).toBeInTheDocument();
  });

  test("choosing another country (TH) changes the Beauty Pass terms text and the variant sent to TH's", async () => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: '/register', account: accountApi });
    const form = await fillIdentity(app);
    await app.user.selectOptions(within(form).getByLabelText('Country'), 'TH');
    for (const label of COMPULSORY) await app.user.click(screen.getByLabelText(label));
    await app.user.click(screen.getByLabelText(/Beauty Pass terms for Thailand, including how my personal data is handled under the PDPA/));
    await app.user.click(screen.getByLabelText('Send me news and offers (optional).'));
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(accountApi.state.registered).toHaveLength(1));
    const sent = accountApi.state.registered[0];
    expect(sent?.country).toBe('TH');
    expect(sent?.consents.marketing).toBe(true);
    expect(sent?.beautyPassTermsVariant).toBe('bp-terms-th-2026-07');
    // No return_to: the new member lands on the account dashboard.
    await waitFor(() => expect(app.assigned).toEqual(['/account']));
  });

  test('without the Beauty Pass consent no terms variant is sent', async () => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: '/register', account: accountApi });
    const form = await fillIdentity(app);
    for (const label of COMPULSORY) await app.user.click(screen.getByLabelText(label));
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(accountApi.state.registered).toHaveLength(1));
    expect(accountApi.state.registered[0]?.consents.beautyPass).toBe(false);
    expect(accountApi.state.registered[0]).not.toHaveProperty('beautyPassTermsVariant');
  });

  test('a weak password (7 letters, no digit) is refused in the browser with the rule as its error', async () => {
    const accountApi = fakeAccountApi();
    const app = await renderApp({ url: '/register', account: accountApi });
    const form = await screen.findByRole('form', { name: 'Create an account' });
    await app.user.type(within(form).getByLabelText('Password'), 'abcdefg');
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));
    await screen.findByRole('alert');
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription(
      'Use at least 8 characters with at least one letter and one number Use at least 8 characters with at least one letter and one number',
    );
    expect(accountApi.state.calls).toEqual([]);
  });

  test("the server's field errors (400 errors[]) show inline under their fields", async () => {
    const accountApi = fakeAccountApi();
    accountApi.register = async () => {
      throw apiError(400, { message: 'Invalid request', errors: [{ field: 'body.email', message: 'Invalid email' }, { field: 'body.lastName', message: 'Character limit exceeded' }] });
    };
    const app = await renderApp({ url: '/register', account: accountApi });
    const form = await fillIdentity(app);
    for (const label of COMPULSORY) await app.user.click(screen.getByLabelText(label));
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Email: Enter an email address like name@example.com.');
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Enter an email address like name@example.com.');
    expect(within(form).getByLabelText('Last name')).toHaveAccessibleDescription('Use at most 50 characters.');
  });

  test('an email on record (409 email_taken) marks the email and offers sign-in and password reset', async () => {
    const app = await renderApp({ url: '/register' });
    const form = await fillIdentity(app, SHOPPER.email);
    for (const label of COMPULSORY) await app.user.click(screen.getByLabelText(label));
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists');
    expect(within(alert).getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/sign_in');
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('An account with this email already exists');
  });

  test('outdated terms (409 terms_outdated) mark the Beauty Pass consent', async () => {
    const accountApi = fakeAccountApi();
    accountApi.register = async () => {
      throw apiError(409, { message: ACCOUNT_MESSAGES.termsOutdated, code: ACCOUNT_ERROR_CODES.termsOutdated });
    };
    const app = await renderApp({ url: '/register', account: accountApi });
    const form = await fillIdentity(app);
    for (const label of COMPULSORY) await app.user.click(screen.getByLabelText(label));
    await app.user.click(screen.getByLabelText(/Beauty Pass terms for Singapore/));
    await app.user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The Beauty Pass terms have changed');
    expect(screen.getByLabelText(/Beauty Pass terms for Singapore/)).toHaveAttribute('aria-invalid', 'true');
  });
});
