// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { pathsToEveryState, statechart } from '../../machines/model/graph.ts';
import { MACHINE_REGISTRY, findModel } from '../../machines/registry.ts';
import { renderApp } from '../helpers/render-app.tsx';

const listingModel = findModel('productListing');
if (!listingModel) throw new Error('the registry has no productListing model');

/** The visualizer's root: its `data-state` is the current state value. */
const visualizer = () => document.querySelector<HTMLElement>('article.viz[data-machine]');
const stateBox = (path: string) => screen.getByRole('group', { name: path });
const activeLeaves = () => [...document.querySelectorAll<HTMLElement>('[aria-current="true"][data-state-path]')].map((box) => box.dataset['statePath']);

async function openListing(url = '/sandbox/machines/productListing') {
  const result = await renderApp({ url });
  await screen.findByRole('heading', { level: 1, name: 'Product listing' });
  return result;
}

describe('machine list', () => {
  test('lists every registered machine with its title, description and counts', async () => {
    await renderApp({ url: '/sandbox/machines' });
    const list = await screen.findByRole('list', { name: 'Machines' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.dataset['machine'])).toEqual(MACHINE_REGISTRY.map((model) => model.id));
    const listing = rows.find((row) => row.dataset['machine'] === 'productListing');
    if (!listing) throw new Error('no productListing row');
    expect(within(listing).getByRole('link', { name: 'Product listing' })).toHaveAttribute('href', '/sandbox/machines/productListing');
    expect(listing).toHaveTextContent('First page, Show More, empty list and failures that keep what was shown.');
    const chart = statechart(listingModel);
    // Counts follow the list (exploring a machine takes a moment).
    await waitFor(() => expect(listing.querySelector('[data-count="transitions"]')).toHaveTextContent(String(chart.edges.length)));
    expect(listing.querySelector('[data-count="states"]')).toHaveTextContent('7');
    expect(listing.querySelector('[data-count="paths"]')).toHaveTextContent(String(pathsToEveryState(listingModel).length));
  });

  test('choosing a machine draws its states and highlights the initial one', async () => {
    const { navigate } = await renderApp({ url: '/sandbox/machines' });
    const link = await screen.findByRole('link', { name: 'Product listing' });
    expect(link).toHaveAttribute('href', '/sandbox/machines/productListing');
    // The navigation guard makes this link a full page load (no exempted paths): land on its href.
    await navigate(link.getAttribute('href') ?? '');
    await screen.findByRole('heading', { level: 1, name: 'Product listing' });
    for (const state of ['loading', 'loaded', 'loadingMore', 'moreFailure', 'empty', 'failure']) expect(stateBox(state)).toBeInTheDocument();
    expect(stateBox('loading')).toHaveAttribute('data-initial', 'true');
    expect(stateBox('loading')).toHaveAttribute('data-active', 'true');
    expect(stateBox('loaded')).toHaveAttribute('data-active', 'false');
    expect(activeLeaves()).toEqual(['loading']);
    expect(visualizer()).toHaveAttribute('data-state', 'loading');
    // Transitions are labelled with their event, guard and target.
    const fromLoaded = within(stateBox('loaded')).getByRole('list', { name: 'Transitions from loaded' });
    expect(fromLoaded).toHaveTextContent('listing.showMore [hasMore] → to loadingMore');
  });
});

describe('driving a machine', () => {
  test('only accepted events are offered; sending one moves the highlight and logs it', async () => {
    const { user } = await openListing();
    const events = screen.getByRole('region', { name: 'Events' });
    const buttons = within(events).getAllByRole('button');
    expect(buttons.map((button) => button.dataset['event'])).not.toContain('listing.showMore');
    expect(within(events).getByRole('button', { name: /xstate\.error\.actor\.fetchPage/ })).toBeInTheDocument();
    // Two results of one actor are told apart by their payload.
    const done = within(events).getAllByRole('button', { name: /xstate\.done\.actor\.fetchPage/ });
    expect(done).toHaveLength(2);
    expect(done[0]?.textContent).not.toBe(done[1]?.textContent);

    await user.click(done[0] as HTMLElement);
    expect(visualizer()).toHaveAttribute('data-state', 'loaded');
    expect(stateBox('loaded')).toHaveAttribute('aria-current', 'true');
    expect(stateBox('loading')).not.toHaveAttribute('aria-current');
    const log = screen.getByRole('region', { name: 'Event log' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    expect(within(log).getAllByRole('listitem')[1]).toHaveTextContent('xstate.done.actor.fetchPage');
    expect(within(screen.getByRole('region', { name: 'Context' })).getByText(/"totalPages": 3/)).toBeInTheDocument();

    await user.click(within(screen.getByRole('region', { name: 'Events' })).getByRole('button', { name: /listing\.showMore/ }));
    expect(visualizer()).toHaveAttribute('data-state', 'loadingMore');
  });

  test('step back replays the prefix and step forward re-applies the logged event', async () => {
    const { user } = await openListing();
    const events = () => screen.getByRole('region', { name: 'Events' });
    await user.click(within(events()).getAllByRole('button', { name: /xstate\.done\.actor\.fetchPage/ })[0] as HTMLElement);
    await user.click(within(events()).getByRole('button', { name: /listing\.showMore/ }));
    await user.click(within(events()).getByRole('button', { name: /xstate\.error\.actor\.fetchPage/ }));
    expect(visualizer()).toHaveAttribute('data-state', 'moreFailure');

    const log = screen.getByRole('region', { name: 'Event log' });
    await user.click(within(log).getByRole('button', { name: 'Step back' }));
    expect(visualizer()).toHaveAttribute('data-state', 'loadingMore');
    await user.click(within(log).getByRole('button', { name: 'Step back' }));
    expect(visualizer()).toHaveAttribute('data-state', 'loaded');
    expect(within(log).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Context' })).getByText(/"page": 1/)).toBeInTheDocument();

    await user.click(within(log).getByRole('button', { name: 'Step forward' }));
    await user.click(within(log).getByRole('button', { name: 'Step forward' }));
    expect(visualizer()).toHaveAttribute('data-state', 'moreFailure');
    expect(within(log).getByRole('button', { name: 'Step forward' })).toBeDisabled();

    // A new event after stepping back replaces the undone part of the log.
    await user.click(within(log).getByRole('button', { name: 'Back to start' }));
    expect(visualizer()).toHaveAttribute('data-state', 'loading');
    await user.click(within(events()).getByRole('button', { name: /xstate\.error\.actor\.fetchPage/ }));
    expect(visualizer()).toHaveAttribute('data-state', 'failure');
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
  });

  test('a generated path replays step by step to its target', async () => {
    const { user } = await openListing();
    const target = pathsToEveryState(listingModel).find((path) => path.events.length >= 3);
    if (!target) throw new Error('productListing has no path of three steps');
    const paths = screen.getByRole('region', { name: 'Paths to every state' });
    const row = [...paths.querySelectorAll<HTMLElement>('li[data-target]')].find((item) => `"${item.dataset['target']}"` === target.target);
    if (!row) throw new Error(`no path row for ${target.target}`);
    await user.click(within(row).getByRole('button', { name: /^Play path/ }));
    expect(visualizer()).toHaveAttribute('data-state', 'loading');
    const seen: string[] = [];
    for (let step = 1; step <= target.events.length; step += 1) {
      await user.click(within(row).getByRole('button', { name: /^Next step/ }));
      seen.push(`"${visualizer()?.dataset['state'] ?? ''}"`);
    }
    expect(seen).toEqual(target.values.slice(1));
    expect(`"${activeLeaves().join(' ')}"`).toBe(target.target);
    expect(within(row).getByRole('button', { name: /^Next step/ })).toBeDisabled();
  });

  test('a shared link restores the events, and the copied link is the current URL', async () => {
    const { user } = await openListing('/sandbox/machines/productListing?events=2.0.4&at=3');
    expect(visualizer()).toHaveAttribute('data-state', 'moreFailure');
    expect(within(screen.getByRole('region', { name: 'Event log' })).getByText('Step 3 of 3')).toBeInTheDocument();

    await user.click(within(screen.getByRole('region', { name: 'Event log' })).getByRole('button', { name: 'Step back' }));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    const copied = new URL(await navigator.clipboard.readText());
    expect(copied.pathname).toBe('/sandbox/machines/productListing');
    expect(copied.searchParams.get('events')).toBe('2.0.4');
    expect(copied.searchParams.get('at')).toBe('2');
  });

  test('a link to a path and step restores that step of the generated path', async () => {
    const paths = pathsToEveryState(listingModel);
    const index = paths.findIndex((path) => path.events.length >= 2);
    const path = paths[index];
    if (!path) throw new Error('no path of two steps');
    await openListing(`/sandbox/machines/productListing?path=${index}&step=1`);
    expect(`"${visualizer()?.dataset['state'] ?? ''}"`).toBe(path.values[1]);
    const row = screen.getByRole('region', { name: 'Paths to every state' }).querySelector('li[aria-current="true"]');
    expect(row).toHaveAttribute('data-selected', 'true');
    expect(row).toHaveTextContent(`Step 1 of ${path.events.length}`);
  });

  test('a damaged link opens with the part that still applies and says so', async () => {
    // Index 0 (showMore) is not accepted while loading.
    await openListing('/sandbox/machines/productListing?events=4.0');
    expect(visualizer()).toHaveAttribute('data-state', 'failure');
    expect(screen.getByRole('alert')).toHaveTextContent('Step 2 of the link is not possible here');
  });

  test('an unknown machine id is a 404', async () => {
    await renderApp({ url: '/sandbox/machines/nope' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found: /sandbox/machines/nope' })).toBeInTheDocument();
  });

  test('every registered machine opens and draws every state of its chart', async () => {
    for (const model of MACHINE_REGISTRY) {
      const { unmount } = await renderApp({ url: `/sandbox/machines/${model.id}` });
      await waitFor(() => expect(visualizer()).toHaveAttribute('data-machine', model.id));
      const chart = statechart(model);
      const ids = new Set<string>();
      const walk = (node: typeof chart.root) => {
        ids.add(node.id);
        node.children.forEach(walk);
      };
      walk(chart.root);
      expect(new Set([...document.querySelectorAll<HTMLElement>('[data-state-id]')].map((box) => box.dataset['stateId']))).toEqual(ids);
      unmount();
    }
  });
});
