// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { httpError } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

describe('product page', () => {
  test('shows brand, name, sale price with the regular price struck through, badges and sections', async () => {
    await renderApp({ url: '/products/silk-foundation' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Silk Foundation' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(within(article).getAllByText('Glow Lab')[0]).toBeInTheDocument();
    expect(plain(article.querySelector('.price__current')?.textContent)).toContain('S$39.00');
    expect(plain(article.querySelector('s')?.textContent)).toContain('S$52.00');
    expect(within(article).getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ingredients' })).toBeInTheDocument();
    expect(screen.getByText('Apply with a brush from the centre of the face outwards.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Glow Lab Silk Foundation | Beauty Pass Singapore'));
  });

  test('choosing a shade changes the image, the shade name and the stock state', async () => {
    const { user } = await renderApp({ url: '/products/silk-foundation' });
    const group = await screen.findByRole('radiogroup', { name: 'Shade: Ivory' });
    const ivory = within(group).getByRole('radio', { name: 'Ivory' });
    const mocha = within(group).getByRole('radio', { name: 'Mocha (out of stock)' });
    expect(ivory).toHaveAttribute('aria-checked', 'true');
    expect(ivory).toHaveAttribute('data-state', 'checked');
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Silk Foundation in Ivory' })).toHaveAttribute('src', '/images/silk-ivory.jpg');

    await user.click(mocha);
    expect(mocha).toHaveAttribute('aria-checked', 'true');
    expect(ivory).toHaveAttribute('data-state', 'unchecked');
    expect(screen.getByRole('img', { name: 'Silk Foundation in Mocha' })).toHaveAttribute('src', '/images/silk-mocha.jpg');
    expect(screen.getByText('Shade: Mocha')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Out of stock');
  });

  test('the shade picker works from the keyboard with one tab stop', async () => {
    const { user } = await renderApp({ url: '/products/silk-foundation' });
    const ivory = await screen.findByRole('radio', { name: 'Ivory' });
    expect(ivory).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('radio', { name: 'Mocha (out of stock)' })).toHaveAttribute('tabindex', '-1');
    ivory.focus();
    await user.keyboard('{ArrowRight}');
    const mocha = screen.getByRole('radio', { name: 'Mocha (out of stock)' });
    expect(mocha).toHaveFocus();
    expect(mocha).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowRight}');
    expect(ivory).toHaveFocus();
    expect(screen.getByText('In stock')).toBeInTheDocument();
  });

  test('a product the API does not know is a 404', async () => {
    await renderApp({ url: '/products/no-such-thing' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /products/no-such-thing' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | Beauty Pass Singapore'));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  test('a server error offers a retry instead of a 404', async () => {
    await renderApp({ url: '/products/silk-foundation', catalog: { product: async () => { throw httpError(500); } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This product could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
