// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderApp } from '../helpers/render-app.tsx';

it('the app renders the toast region (top right, empty) so any screen can notify', async () => {
  await renderApp({ url: '/', country: 'TH', language: 'th' });
  const region = await screen.findByRole('region', { name: 'การแจ้งเตือน' });
  expect(region).toHaveAttribute('data-state', 'empty');
  expect(region).toHaveClass('notifications--top-right');
  expect(region).toHaveStyle({ width: '300px' });
});
