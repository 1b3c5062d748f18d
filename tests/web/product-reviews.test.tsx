// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { review } from '../helpers/product-server.ts';
import { renderApp, type RenderAppOptions } from '../helpers/render-app.tsx';

const SLUG = 'silk-foundation';
const SCRIPT = '<script>alert(1)</script>';

/** Three reviews: 5, 4 and 4 stars (4.3 on average), one of them with markup in it. */
const three = () => ({ [SLUG]: [review(1, 5, { text: SCRIPT, title: '<b>Bold?</b>' }), review(2, 4), review(3, 4)] });

async function reviewsSection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Reviews' });
  const section = heading.closest('section');
  if (!section) throw new Error('no reviews section');
  return section;
}

describe('reviews', () => {
  test('the summary gives the average, the count and the histogram as text', async () => {
    await renderApp({ url: `/products/${SLUG}`, productServer: { reviews: three() } });
    const section = await reviewsSection();
    expect(await within(section).findByText(/4\.3 out of 5, from 3 reviews/)).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'How reviewers rated this product' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual(['5 stars1 review', '4 stars2 reviews', '3 stars0 reviews', '2 stars0 reviews', '1 star0 reviews']);
    expect(within(table).getByRole('rowheader', { name: '4 stars' })).toBeInTheDocument();
  });

  test('review text is shown as text: markup is neither parsed nor run', async () => {
    const { container } = await renderApp({ url: `/products/${SLUG}`, productServer: { reviews: three() } });
    const section = await reviewsSection();
    expect(await within(section).findByText(SCRIPT)).toBeInTheDocument();
    expect(within(section).getByRole('heading', { level: 3, name: '<b>Bold?</b>' })).toBeInTheDocument();
    expect(section.querySelector('script')).toBeNull();
    expect(section.querySelector('b')).toBeNull();
    expect(container.innerHTML).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(within(section).getAllByText('Rated 4 out of 5')).toHaveLength(2);
  });

  test('an unreviewed product invites the first review; signed out, a link to sign in comes back here', async () => {
    const { server } = await renderApp({ url: `/products/${SLUG}`, productServer: {} });
    const section = await reviewsSection();
    expect(await within(section).findByText('No reviews yet. Be the first to review this product.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Sign in to write a review' })).toHaveAttribute('href', `/sign_in?return_to=${encodeURIComponent(`/products/${SLUG}`)}`);
    // A guest may get the browser's copy of the list.
    expect(server.calls.find((c) => c.path === `products/${SLUG}/reviews`)?.cacheControl).toBeUndefined();
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
  });

  test('sorts: the newest first, then the lowest rating first', async () => {
    const { user, server } = await renderApp({ url: `/products/${SLUG}`, productServer: { reviews: { [SLUG]: [review(1, 2), review(2, 5), review(3, 1)] } } });
    const section = await reviewsSection();
    await within(section).findByText('Review 1');
    const titles = () => within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles()).toEqual(['Review 1', 'Review 2', 'Review 3']);
    await user.selectOptions(within(section).getByLabelText('Sort reviews'), 'Lowest rating first');
    await waitFor(() => expect(titles()).toEqual(['Review 3', 'Review 1', 'Review 2']));
    expect(server.calls.filter((c) => c.path === `products/${SLUG}/reviews`).map((c) => c.query['sort'])).toEqual(['newest', 'lowest']);
  });

  test('Show more appends the next page, updates the range and moves focus to the first new review', async () => {
    const reviews = Array.from({ length: 12 }, (_, i) => review(i + 1, 4));
    const { user } = await renderApp({ url: `/products/${SLUG}`, productServer: { reviews: { [SLUG]: reviews } } });
    const section = await reviewsSection();
    expect(await within(section).findByText('1 to 10 of 12')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(section).findByText('1 to 12 of 12')).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(12);
    await waitFor(() => expect(within(section).getAllByRole('article')[10]).toHaveFocus());
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  test('a failed load says so and retries', async () => {
    // Refused from the first call: the reviews load may start while the page renders.
    const refuse = new Map([[`GET products/${SLUG}/reviews`, { status: 500, body: {} }]]);
    const { user, server } = await renderApp({ url: `/products/${SLUG}`, productServer: { reviews: three(), refuse } });
    const section = await reviewsSection();
    expect(await within(section).findByText('Reviews could not be loaded.')).toBeInTheDocument();
    server.refuse.clear();
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText(SCRIPT)).toBeInTheDocument();
  });
});

describe('writing a review', () => {
  async function openForm(options: RenderAppOptions = { url: `/products/${SLUG}` }) {
    const rendered = await renderApp({ user: 'member', ...options, productServer: { reviews: three(), ...options.productServer } });
    const section = await reviewsSection();
    await within(section).findByRole('heading', { level: 3, name: 'Write a review' });
    return { ...rendered, section };
  }

  test('the rating is a radio group of 1 to 5 stars, and the limits are stated and counted', async () => {
    const { user, section } = await openForm();
    const group = within(section).getByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(within(section).getByText('Up to 100 characters.')).toBeInTheDocument();
    expect(within(section).getByText('Between 10 and 2000 characters.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Title'), 'Lovely');
    expect(within(section).getByText('6 of 100 used.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Your review'), '  Soft  ');
    expect(within(section).getByText('4 of 2000 used.')).toBeInTheDocument();
  });

  test('an empty submit says what to do for each field, focuses the first, and sends nothing', async () => {
    const { user, section, server } = await openForm();
    await user.click(within(section).getByRole('button', { name: 'Post review' }));
    expect(await within(section).findByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(within(section).getByText('Give your review a title.')).toBeInTheDocument();
    expect(within(section).getByText('Write at least 10 characters about the product.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByLabelText('Title')).toHaveAccessibleDescription(/Give your review a title\./);
    await waitFor(() => expect(within(section).getByRole('radio', { name: '1 star' })).toHaveFocus());
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    // Corrected as typed.
    await user.type(within(section).getByLabelText('Title'), 'x'.repeat(101));
    expect(within(section).getByText('Shorten the title to 100 characters or fewer.')).toBeInTheDocument();
  });

  test('a posted review appears first, shown as text, and counts in the summary', async () => {
    const { user, section, server } = await openForm({ url: `/products/${SLUG}`, productServer: { reviews: { [SLUG]: [review(2, 4)] } } });
    await within(section).findByText(/4\.0 out of 5, from 1 review/);
    await user.click(within(section).getByRole('radio', { name: '5 stars' }));
    await user.type(within(section).getByLabelText('Title'), 'Mine');
    await user.type(within(section).getByLabelText('Your review'), `Nice ${SCRIPT}`);
    await user.click(within(section).getByRole('button', { name: 'Post review' }));
    expect(await within(section).findByText('Thank you! Your review is posted.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ rating: 5, title: 'Mine', text: `Nice ${SCRIPT}` });
    const first = within(section).getAllByRole('article')[0] as HTMLElement;
    expect(within(first).getByText(`Nice ${SCRIPT}`)).toBeInTheDocument();
    expect(section.querySelector('script')).toBeNull();
    expect(within(section).getByText(/4\.5 out of 5, from 2 reviews/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Post review' })).not.toBeInTheDocument();
    // A member's list is fetched past the browser's copy, so a reload shows the review just written.
    expect(server.calls.find((c) => c.path === `products/${SLUG}/reviews` && c.method === 'GET')?.cacheControl).toBe('no-cache');
  });

  test('409 review_exists: "You have already reviewed this product"', async () => {
    const { user, section, server } = await openForm();
    server.refuse.set(`POST products/${SLUG}/reviews`, { status: 409, body: { code: 'review_exists' } });
    await user.click(within(section).getByRole('radio', { name: '4 stars' }));
    await user.type(within(section).getByLabelText('Title'), 'Again');
    await user.type(within(section).getByLabelText('Your review'), 'Still lovely after a month.');
    await user.click(within(section).getByRole('button', { name: 'Post review' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('You have already reviewed this product');
    expect(within(section).queryByRole('button', { name: 'Post review' })).not.toBeInTheDocument();
  });

  test('a server failure keeps what was typed and asks to submit again', async () => {
    const { user, section, server } = await openForm();
    server.refuse.set(`POST products/${SLUG}/reviews`, { status: 500, body: {} });
    await user.click(within(section).getByRole('radio', { name: '4 stars' }));
    await user.type(within(section).getByLabelText('Title'), 'Nice');
    await user.type(within(section).getByLabelText('Your review'), 'Soft and light all day.');
    await user.click(within(section).getByRole('button', { name: 'Post review' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Your review could not be posted. Please submit again.');
    expect(within(section).getByLabelText('Title')).toHaveValue('Nice');
    server.refuse.clear();
    await user.click(within(section).getByRole('button', { name: 'Post review' }));
    expect(await within(section).findByText('Thank you! Your review is posted.')).toBeInTheDocument();
  });

  test('a member who reviewed the product already is told so instead of the form', async () => {
    await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: { reviews: three(), mine: { [SLUG]: review(3, 4) } } });
    const section = await reviewsSection();
    expect(await within(section).findByText('You have reviewed this product. Thank you!')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Post review' })).not.toBeInTheDocument();
  });
});
