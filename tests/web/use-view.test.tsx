// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { Profiler, type ComponentProps, type ComponentType } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { BAG_SCREEN } from '../../machines/bag/bag.fixtures.ts';
import type * as BagLinesModule from '../../src/web/features/bag/bag-lines.tsx';
import type * as BagSamplesModule from '../../src/web/features/bag/bag-samples.tsx';
import type * as BagSummaryModule from '../../src/web/features/bag/bag-summary.tsx';
import type * as BagOffersModule from '../../src/web/features/bag/bag-offers.tsx';
import { renderApp } from '../helpers/render-app.tsx';
import { bagApis, cartApiFake, countStoreFake } from './bag-fakes.ts';

/*
 * `useView` (src/web/shared/hooks/use-view.ts): a view renders again only when the part of the
 * view-model it selects changes. The bag's sections are counted with React's Profiler (each commit
 * of a section, whoever caused it); the lint rule that keeps the old way out is tried on probes.
 */

const commits = new Map<string, number>();
const counted = <P extends object>(name: string, Component: ComponentType<P>) =>
  function Counted(props: P) {
    return (
      <Profiler id={name} onRender={() => commits.set(name, (commits.get(name) ?? 0) + 1)}>
        <Component {...props} />
      </Profiler>
    );
  };

vi.mock('../../src/web/features/bag/bag-lines.tsx', async (load) => {
  const real = await load<typeof BagLinesModule>();
  return { ...real, BagLines: counted<ComponentProps<typeof real.BagLines>>('lines', real.BagLines) };
});
vi.mock('../../src/web/features/bag/bag-samples.tsx', async (load) => {
  const real = await load<typeof BagSamplesModule>();
  return { ...real, BagSamples: counted<ComponentProps<typeof real.BagSamples>>('samples', real.BagSamples) };
});
vi.mock('../../src/web/features/bag/bag-summary.tsx', async (load) => {
  const real = await load<typeof BagSummaryModule>();
  return { ...real, BagSummary: counted<ComponentProps<typeof real.BagSummary>>('summary', real.BagSummary) };
});
vi.mock('../../src/web/features/bag/bag-offers.tsx', async (load) => {
  const real = await load<typeof BagOffersModule>();
  return { ...real, BagOffers: counted<ComponentProps<typeof real.BagOffers>>('offers', real.BagOffers) };
});

const snapshotOf = () => Object.fromEntries(commits);

describe('useView: a view renders when its part of the view-model changes, not for the rest of the snapshot', () => {
  test('the bag: picking a sample renders the samples and the summary (saving), never the lines nor the offers', async () => {
    let answer: (value: Awaited<ReturnType<typeof api.saveSamples>>) => void = () => undefined;
    const api = cartApiFake(BAG_SCREEN, { saveSamples: (ids) => new Promise((resolve) => (answer = () => resolve({ ...BAG_SCREEN.bag, version: 2, samples: { chosen: ids, limit: 2 } }))) });
    const { user } = await renderApp({ url: '/cart', apis: bagApis(api, countStoreFake(null).store) });
    const samples = within(await screen.findByRole('group', { name: 'Choose your free samples' }));
    await screen.findByRole('button', { name: 'Check out' });
    const before = snapshotOf();
    expect(before.lines).toBeGreaterThan(0);

    await user.click(samples.getByRole('checkbox', { name: /Sample 1/ }));
    await waitFor(() => expect(api.saveSamples).toHaveBeenCalledWith([1]));
    const saving = snapshotOf();
    await act(async () => answer({ ...BAG_SCREEN.bag, version: 2, samples: { chosen: [1], limit: 2 } }));
    await waitFor(() => expect(samples.getByRole('checkbox', { name: /Sample 1/ })).toBeChecked());
    const after = snapshotOf();

    // The machine went through several snapshots (picked, saving, saved with a new bag version)…
    expect(after.samples).toBeGreaterThan(before.samples ?? 0);
    expect(after.summary).toBeGreaterThan(before.summary ?? 0);
    // … and the parts that show none of it kept their render.
    expect(after.lines).toBe(before.lines);
    expect(after.offers).toBe(before.offers);
    expect(saving.lines).toBe(before.lines);
  });
});

describe('the lint rule keeps the old way out', () => {
  // The probes are linted as text, never written: the cycle rule, which reads imported files from disk, is left out.
  const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..'), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
  const errors = async (code: string, path = 'src/web/features/bag/zz-probe.tsx') => {
    const [result] = await eslint.lintText(code, { filePath: join(import.meta.dirname, '..', '..', path) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
  };
  const header = "import { bagConnect } from '../../../../machines/bag/bag.connect.ts';\n";

  test('the whole snapshot into a connect on every render, useMachine, an identity selector: refused anywhere in the SPA', async () => {
    expect(await errors(`${header}export function A({ snapshot, send }: any) { const view = bagConnect(snapshot, send); return view.status; }\n`)).toBe(1);
    expect(await errors("import { useMachine } from '@xstate/react';\nexport const a = useMachine;\n", 'src/web/app/zz-probe.tsx')).toBe(1);
    expect(await errors("import { useSelector } from '@xstate/react';\nexport function A({ actor }: any) { return useSelector(actor, (s) => s); }\n", 'src/web/app/zz-probe.tsx')).toBe(1);
  });

  test('in a feature, useSelector and a connect of getSnapshot() are refused; useView and viewNow pass', async () => {
    expect(await errors(`${header}import { useSelector } from '@xstate/react';\nexport function A({ actor }: any) { return useSelector(actor, (s: any) => bagConnect(s, actor.send).status); }\n`)).toBe(1);
    expect(await errors(`${header}export const go = (actor: any) => bagConnect(actor.getSnapshot(), actor.send).checkout();\n`)).toBe(1);
    const good = `${header}import { useView, viewNow } from '../../shared/hooks/use-view.ts';\nexport function A({ actor }: any) { const status = useView(actor, bagConnect, (bag) => bag.status); return <button onClick={() => viewNow(actor, bagConnect).checkout()}>{status}</button>; }\n`;
    expect(await errors(good)).toBe(0);
  });
});
