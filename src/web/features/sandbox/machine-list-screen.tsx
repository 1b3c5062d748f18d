import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { pathsToEveryState, statechart } from '../../../../machines/model/graph.ts';
import type { AnyMachineModel } from '../../../../machines/model/types.ts';
import { MACHINE_REGISTRY } from '../../../../machines/registry.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { machineHref } from './link.ts';
import { countStates } from './statechart.tsx';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { sandboxMessages } from './messages.ts';
import './visualizer.css';

interface Counts {
  states: number;
  transitions: number;
  paths: number;
}

function countModel(model: AnyMachineModel): Counts {
  const chart = statechart(model);
  return { states: countStates(chart.root), transitions: chart.edges.length, paths: pathsToEveryState(model).length };
}

function MachineRow({ model }: { model: AnyMachineModel }) {
  const { i18n, t } = useLingui();
  const [counts, setCounts] = useState<Counts | null>(null);
  useEffect(() => {
    // Exploring a large machine takes a moment: the list shows first, the counts follow one by one.
    const timer = setTimeout(() => setCounts(countModel(model)), 0);
    return () => clearTimeout(timer);
  }, [model]);
  const pending = t`counting…`;
  const states = counts?.states ?? pending;
  const transitions = counts?.transitions ?? pending;
  const paths = counts?.paths ?? pending;
  return (
    <li className="viz-machine" data-machine={model.id}>
      <h2>
        <Link href={machineHref(model.id)}>{i18n._(model.title)}</Link>
      </h2>
      <p>{i18n._(model.description)}</p>
      <dl className="viz-counts" aria-busy={counts === null}>
        <div>
          <dt>
            <Trans>States</Trans>
          </dt>
          <dd data-count="states">{states}</dd>
        </div>
        <div>
          <dt>
            <Trans>Transitions</Trans>
          </dt>
          <dd data-count="transitions">{transitions}</dd>
        </div>
        <div>
          <dt>
            <Trans>Paths</Trans>
          </dt>
          <dd data-count="paths">{paths}</dd>
        </div>
      </dl>
    </li>
  );
}

/** `/sandbox/machines`: every machine of the registry, for QA to pick one and step through it. */
export default function MachineListScreen() {
  useFeatureCatalog(sandboxMessages);
  const { t } = useLingui();
  const title = t`Machine visualizer`;
  useDocumentHead({ title });
  return (
    <article className="viz">
      <h1>{title}</h1>
      <p className="viz-muted">
        <Trans>Every state machine of the storefront. Pick one to see its states and transitions, send its events, and replay the generated paths to each state.</Trans>
      </p>
      <ul className="viz-machines" aria-label={t`Machines`}>
        {MACHINE_REGISTRY.map((model) => (
          <MachineRow key={model.id} model={model} />
        ))}
      </ul>
    </article>
  );
}
