// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { cartLine, cartOf } from '../../machines/bag/bag.fixtures.ts';
import { ApiError } from '../../src/web/shared/api/errors.ts';
import { ProductGrid } from '../../src/web/shared/ui/product-grid.tsx';
import { productFixture } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';
import { bagApis, cartApiFake, countStoreFake } from './bag-fakes.ts';
import { EMPTY_SCREEN } from '../../machines/bag/bag.fixtures.ts';

const SLUG = 'silk-foundation';
const IVORY = { id: 71, sku: 'SF-IVORY', name: 'Ivory', kind: 'shade' as const, colorHex: '#f1d7c0', stock: 5, imageUrl: '/images/silk-ivory.jpg' };
const MOCHA = { id: 72, sku: 'SF-MOCHA', name: 'Mocha', kind: 'shade' as const, colorHex: '#8a5a3c', stock: 0, imageUrl: '/images/silk-mocha.jpg' };

describe('Add to bag', () => {
  test('product page: adds the chosen shade, shows Adding… then Added, and the header count follows', async () => {
    let answer: (value: ReturnType<typeof cartOf>) => void = () => undefined;
    const api = cartApiFake(EMPTY_SCREEN, { addLine: () => new Promise((resolve) => (answer = resolve)) });
    const count = countStoreFake(2);
    const { user } = await renderApp({ url: `/products/${SLUG}`, productServer: { variants: { [SLUG]: [IVORY, MOCHA] } }, apis: bagApis(api, count.store) });
    expect(await screen.findByRole('link', { name: 'Bag, 2 items' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add to bag' }));
    // The count moves at the click, before the answer.
    expect(await screen.findByRole('button', { name: 'Adding…' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Bag, 3 items' })).toBeInTheDocument();
    expect(api.addLine).toHaveBeenCalledWith(71, 1);
    answer(cartOf([cartLine(1, 71, 3)], 4));
    expect(await screen.findByRole('button', { name: 'Added' })).toBeInTheDocument();
    expect(screen.getByText('Silk Foundation (Ivory) was added to your bag.')).toBeInTheDocument();
    expect(count.confirmed).toEqual([3]);
    expect(screen.getByRole('link', { name: 'Bag, 3 items' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to bag' })).toBeInTheDocument(), { timeout: 4000 });
  });

  test('by keyboard, the focus stays on "Add to bag": the live button that replaces the pressed one takes it, not the page’s body', async () => {
    const api = cartApiFake(EMPTY_SCREEN, { addLine: async () => cartOf([cartLine(1, 71, 1)], 1) });
    const count = countStoreFake(0);
    const { user } = await renderApp({ url: `/products/${SLUG}`, productServer: { variants: { [SLUG]: [IVORY, MOCHA] } }, apis: bagApis(api, count.store) });
    const plain = await screen.findByRole('button', { name: 'Add to bag' });
    plain.focus();
    await user.keyboard('{Enter}');
    const added = await screen.findByRole('button', { name: 'Added' });
    expect(added).not.toBe(plain);
    await waitFor(() => expect(added).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  test('a coming-soon product refused by the bag says it is not available yet', async () => {
    const api = cartApiFake(EMPTY_SCREEN, {
      addLine: async () => {
        throw new ApiError('http', 'no', { status: 409, body: { code: 'not_on_sale', message: 'Not on sale yet', status: 409 } });
      },
    });
    const { user } = await renderApp({ url: `/products/${SLUG}`, productServer: { variants: { [SLUG]: [IVORY, MOCHA] } }, apis: bagApis(api, countStoreFake(0).store) });
    await user.click(await screen.findByRole('button', { name: 'Add to bag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, Silk Foundation (Ivory) is not available yet.');
  });

  test('a refused add says why, moves the count back, and offers a retry that adds again', async () => {
    let calls = 0;
    const api = cartApiFake(EMPTY_SCREEN, {
      addLine: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('http', 'no', { status: 409, body: { code: 'out_of_stock', message: 'Out of stock', status: 409 } });
        return cartOf([cartLine(1, 71, 1)], 2);
      },
    });
    const count = countStoreFake(0);
    const { user } = await renderApp({ url: `/products/${SLUG}`, productServer: { variants: { [SLUG]: [IVORY, MOCHA] } }, apis: bagApis(api, count.store) });
    await user.click(await screen.findByRole('button', { name: 'Add to bag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, Silk Foundation (Ivory) is not available in that quantity.');
    expect(screen.getByRole('link', { name: 'Bag, 0 items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Added' })).toBeInTheDocument();
    expect(count.confirmed).toEqual([1]);
  });

  test('a card of a single-variant product adds it by its one live variant; a card of several shades, or of a coming-soon product, has no button', async () => {
    const api = cartApiFake(EMPTY_SCREEN, { variantIds: async () => [901], addLine: async () => cartOf([cartLine(9, 901, 1)], 2) });
    const count = countStoreFake(0);
    const { user } = await renderApp({
      apis: bagApis(api, count.store),
      ui: (
        <>
          <ProductGrid
            products={[productFixture(9, 'SGD', { variantCount: 1 }), productFixture(10, 'SGD', { variantCount: 3 }), productFixture(11, 'SGD', { variantCount: 1, badges: ['coming_soon'] })]}
          />
        </>
      ),
    });
    const [single, several, comingSoon] = screen.getAllByRole('article');
    if (!single || !several || !comingSoon) throw new Error('three cards expected');
    expect(within(several).queryByRole('button', { name: 'Add to bag' })).not.toBeInTheDocument();
    // Not on sale yet: in stock, one variant, and still no button.
    expect(within(comingSoon).queryByRole('button', { name: 'Add to bag' })).not.toBeInTheDocument();
    await user.click(within(single).getByRole('button', { name: 'Add to bag' }));
    expect(await within(single).findByRole('button', { name: 'Added' })).toBeInTheDocument();
    expect(api.variantIds).toHaveBeenCalledWith('product-9');
    expect(api.addLine).toHaveBeenCalledWith(901, 1);
    expect(count.confirmed).toEqual([1]);
  });
});
