// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { use, type ComponentType } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { cartLine, cartOf, EMPTY_SCREEN } from '../../machines/bag/bag.fixtures.ts';
import type { AddToBagLiveProps } from '../../src/web/shared/bag/add-to-bag/add-to-bag-button.tsx';
import BagCount from '../../src/web/shared/bag/bag-count.tsx';
import { ProductGrid } from '../../src/web/shared/ui/product-grid.tsx';
import { productFixture } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';
import { bagApis, cartApiFake, countStoreFake } from './bag-fakes.ts';

const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});

// The button's live part (its own chunk) arrives only when the test says so: until then it
// suspends, as it does while its chunk downloads, and the plain button stays in its place.
vi.mock('../../src/web/shared/bag/add-to-bag/add-to-bag-live.tsx', async (importOriginal) => {
  const { default: Live } = await importOriginal<{ default: ComponentType<AddToBagLiveProps> }>();
  return {
    default: function SlowLive(props: AddToBagLiveProps) {
      use(gate.opened);
      return <Live {...props} />;
    },
  };
});

describe('Add to bag before its live part has loaded', () => {
  test('the press moves the header count before the button’s live part has loaded, and its answer settles it once', async () => {
    let answer: (value: ReturnType<typeof cartOf>) => void = () => undefined;
    const api = cartApiFake(EMPTY_SCREEN, { variantIds: async () => [901], addLine: () => new Promise((resolve) => (answer = resolve)) });
    const count = countStoreFake(2);
    const { user } = await renderApp({
      apis: bagApis(api, count.store),
      ui: (
        <>
          <p data-testid="count">
            <BagCount />
          </p>
          <ProductGrid products={[productFixture(9, 'SGD', { variantCount: 1 })]} />
        </>
      ),
    });
    const shown = () => screen.getByTestId('count').textContent;
    expect(shown()).toBe(', 2 items2');
    await user.click(screen.getByRole('button', { name: 'Add to bag' }));
    expect(shown()).toBe(', 3 items3');
    expect(api.addLine).not.toHaveBeenCalled();
    await act(async () => gate.open());
    await waitFor(() => expect(api.addLine).toHaveBeenCalledWith(901, 1));
    // Counted once: the live part's first add does not move it again.
    expect(shown()).toBe(', 3 items3');
    await act(async () => answer(cartOf([cartLine(9, 901, 3)], 3)));
    expect(await screen.findByRole('button', { name: 'Added' })).toBeInTheDocument();
    expect(count.confirmed).toEqual([3]);
    expect(shown()).toBe(', 3 items3');
  });
});
