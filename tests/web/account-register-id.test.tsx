// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeAccountApi } from '../helpers/account-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

/** The flow the Playwright test runs on the Indonesian site, with the labels it uses. */
test('registering in Indonesian on the ID site (/register?country_code=ID) sends the 4 consents and the ID terms variant bp-terms-id-2026-07', async () => {
  const accountApi = fakeAccountApi();
  const app = await renderApp({ url: '/register?country_code=ID', account: accountApi });
  expect(await screen.findByRole('heading', { level: 1, name: 'Buat akun' })).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Buat akun' });
  expect(within(form).getByLabelText('Negara')).toHaveValue('ID');
  expect(within(form).getByLabelText('Kata sandi')).toHaveAccessibleDescription('Gunakan minimal 8 karakter dengan setidaknya satu huruf dan satu angka');

  await app.user.type(within(form).getByLabelText('Email'), 'siti@example.co.id');
  await app.user.type(within(form).getByLabelText('Kata sandi'), 'mentari2026');
  await app.user.type(within(form).getByLabelText('Nama depan'), 'Siti');
  await app.user.type(within(form).getByLabelText('Nama belakang'), 'Rahmawati');
  await app.user.click(within(form).getByRole('button', { name: 'Buat akun' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Beberapa data perlu diperiksa:');
  expect(within(form).getByLabelText('Saya berusia di atas 14 tahun.')).toHaveAccessibleDescription('Persetujuan ini wajib');
  expect(accountApi.state.calls).toEqual([]);

  await app.user.click(within(form).getByLabelText('Saya menyetujui pengumpulan dan penggunaan informasi pribadi saya.'));
  await app.user.click(within(form).getByLabelText('Saya menyetujui pengungkapan informasi pribadi saya kepada pihak ketiga.'));
  await app.user.click(within(form).getByLabelText('Saya menyetujui kebijakan privasi.'));
  await app.user.click(within(form).getByLabelText('Saya berusia di atas 14 tahun.'));
  await app.user.click(within(form).getByLabelText(/Gabung Beauty Pass: Saya menyetujui ketentuan Beauty Pass untuk Indonesia/));
  await app.user.click(within(form).getByRole('button', { name: 'Buat akun' }));

  await waitFor(() => expect(accountApi.state.registered).toHaveLength(1));
  expect(accountApi.state.registered[0]).toMatchObject({
    country: 'ID',
    consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: true },
    beautyPassTermsVariant: 'bp-terms-id-2026-07',
  });
  await waitFor(() => expect(app.assigned).toEqual(['/account']));
  expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Akun' })).toBeInTheDocument();
});
