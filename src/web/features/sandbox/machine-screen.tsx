import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { pathsToEveryState, statechart } from '../../../../machines/model/graph.ts';
import type { AnyMachineModel } from '../../../../machines/model/types.ts';
import { findModel } from '../../../../machines/registry.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import type { ScreenProps } from '../../shared/screen.ts';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';
import { machineHref, parseSelection, type Selection } from './link.ts';
import { ContextPanel, EventsPanel, LogPanel, PathsPanel, SharePanel } from './panels.tsx';
import { acceptedEvents, activeStateIds, decodeIndices, encodeEvents, snapshotAfter, valueLabel } from './run.ts';
import { Statechart } from './statechart.tsx';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { sandboxMessages } from './messages.ts';
import './visualizer.css';

function Visualizer({ model }: { model: AnyMachineModel }) {
  const { t, i18n } = useLingui();
  const title = i18n._(model.title);
  useDocumentHead({ title: t`${title} · Machine visualizer` });
  const search = useSearch();
  const [, navigate] = useLocation();

  const chart = useMemo(() => statechart(model), [model]);
  const paths = useMemo(() => pathsToEveryState(model), [model]);
  const selection = useMemo(() => parseSelection(search), [search]);
  const selectedPath = selection.kind === 'path' ? (paths[selection.path] ?? null) : null;
  // The whole log is decoded once per URL; the shown state is a fresh replay of its applied prefix.
  const run = useMemo(
    () => (selection.kind === 'path' ? encodeEvents(model, selectedPath?.events ?? []) : decodeIndices(model, selection.indices)),
    [model, selection, selectedPath],
  );
  const wanted = selection.kind === 'path' ? selection.step : (selection.at ?? run.events.length);
  const cursor = Math.max(0, Math.min(wanted, run.events.length));
  const snapshot = useMemo(() => snapshotAfter(model, run.events, cursor), [model, run, cursor]);
  const active = activeStateIds(snapshot);
  const accepted = acceptedEvents(model, snapshot);
  const stateLabel = valueLabel(snapshot.value);

  const go = (next: Selection) => navigate(machineHref(model.id, next), { replace: true });
  const send = (index: number) => go({ kind: 'events', indices: [...run.indices.slice(0, cursor), index], at: null });
  const stepTo = (step: number) =>
    selection.kind === 'path' && selectedPath && run.brokenAt === null
      ? go({ kind: 'path', path: selection.path, step })
      : go({ kind: 'events', indices: run.indices, at: step });
  const link = `${window.location.origin}${machineHref(model.id, selection)}`;

  return (
    <article className="viz" data-machine={model.id} data-state={stateLabel} data-status={snapshot.status}>
      <p>
        <Link href="/sandbox/machines">
          <Trans>All machines</Trans>
        </Link>
      </p>
      <h1>{title}</h1>
      <p className="viz-muted">{i18n._(model.description)}</p>
      <p className="viz-current" aria-live="polite">
        <Trans>
          Current state: <strong data-testid="current-state">{stateLabel}</strong>
        </Trans>
      </p>
      {run.brokenAt !== null ? (
        <p className="viz-warning" role="alert">
          {run.error !== null ? t`The machine failed at step ${run.brokenAt + 1}; the log stops before it.` : t`Step ${run.brokenAt + 1} of the link is not possible here; the log stops before it.`}
        </p>
      ) : null}
      <div className="viz-grid">
        <section className="viz-panel viz-panel--chart" aria-labelledby="viz-chart">
          <h2 id="viz-chart">{t`Statechart`}</h2>
          <Statechart chart={chart} active={active} />
        </section>
        <div className="viz-side">
          <EventsPanel accepted={accepted} status={snapshot.status} onSend={send} />
          <LogPanel events={run.events} values={run.values} cursor={cursor} onGo={stepTo} />
          <ContextPanel context={snapshot.context} />
          <PathsPanel paths={paths} selected={selectedPath ? (selection.kind === 'path' ? selection.path : null) : null} step={cursor} onPlay={(path, step) => go({ kind: 'path', path, step })} />
          <SharePanel link={link} />
        </div>
      </div>
    </article>
  );
}

/** `/sandbox/machines/:id`: one registered machine, drawn and driven by QA. */
export default function MachineScreen({ params }: ScreenProps) {
  useFeatureCatalog(sandboxMessages);
  const [location] = useLocation();
  const model = findModel(params.id ?? '');
  if (!model) return <NotFoundScreen path={location} reason="invalid" />;
  // A new model starts from its own initial state: no stale memo across machines.
  return <Visualizer key={model.id} model={model} />;
}
