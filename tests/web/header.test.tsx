// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../helpers/render-app.tsx';

/**
 * The compact phone header: a Menu button that opens the categories, country and language. What
 * the browser does with the popover (opening, Escape, focus) is tested in tests/e2e/header.spec.ts;
 * here, the markup that makes it work with or without script.
 */
describe('header menu', () => {
  test('the Menu button controls the element that holds the categories, the country and the language', async () => {
    await renderApp({ url: '/?country_code=hk' });
    const banner = screen.getByRole('banner');
    const button = within(banner).getByRole('button', { name: 'Menu' });
    const menuId = button.getAttribute('aria-controls') ?? '';
    const menu = document.getElementById(menuId);
    if (!menu) throw new Error(`no element #${menuId} for aria-controls`);
    // Declarative: the browser opens it from the server's HTML, before (or without) any script.
    expect(button).toHaveAttribute('popovertarget', menuId);
    expect(menu).toHaveAttribute('popover', 'auto');
    // Once the script runs, the button says whether the menu is open.
    expect(button).toHaveAttribute('aria-expanded', 'false');

    const nav = await within(menu).findByRole('navigation', { name: 'Categories' });
    expect(await within(nav).findByRole('link', { name: 'Makeup' })).toHaveAttribute('href', '/categories/makeup');
    // On a phone the children are listed in the menu (no sub-menu script): they are links already in the page.
    expect(nav.querySelector('a[href="/categories/makeup/face"]')).not.toBeNull();
    expect(within(menu).getByRole('combobox', { name: 'Country' })).toHaveValue('HK');
    expect(within(menu).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });

  test('the menu offers Beauty Pass, the services and the stores below the categories', async () => {
    await renderApp({ url: '/' });
    const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('no menu');
    const nav = await within(menu).findByRole('navigation', { name: 'Beauty Pass and services' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Rewards boutique', '/beauty-pass/rewards'],
      ['Beauty Pass offers', '/beauty-pass/offers'],
      ['Services, classes and events', '/happening/services'],
      ['Find a store', '/stores'],
    ]);
    // After the categories, in the order the menu is read.
    const categories = within(menu).getByRole('navigation', { name: 'Categories' });
    expect(categories.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('the menu names itself in the shopper’s language', async () => {
    await renderApp({ url: '/?country_code=th' });
    const button = within(screen.getByRole('banner')).getByRole('button', { name: 'เมนู' });
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).not.toBeNull();
  });
});
