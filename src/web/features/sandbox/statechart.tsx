import { Trans, useLingui } from '@lingui/react/macro';
import type { ChartEdge, ChartNode } from '../../../../machines/model/graph.ts';

export interface Chart {
  root: ChartNode;
  edges: ChartEdge[];
}

/** `machine.form.details` → `form.details`: the state's path below the root, as QA reads it. */
export function statePathsById(root: ChartNode): Map<string, string> {
  const paths = new Map<string, string>([[root.id, root.key]]);
  const walk = (node: ChartNode, prefix: string) => {
    for (const child of node.children) {
      const path = prefix ? `${prefix}.${child.key}` : child.key;
      paths.set(child.id, path);
      walk(child, path);
    }
  };
  walk(root, '');
  return paths;
}

export function countStates(root: ChartNode): number {
  return root.children.reduce((sum, child) => sum + countStates(child), 1);
}

function TypeBadge({ type }: { type: string }) {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    compound: t`compound`,
    parallel: t`parallel`,
    final: t`final`,
    history: t`history`,
  };
  const label = labels[type];
  return label ? <span className={`chart-badge chart-badge--${type}`}>{label}</span> : null;
}

function Transitions({ edges, paths, from }: { edges: ChartEdge[]; paths: Map<string, string>; from: string }) {
  const { t } = useLingui();
  if (edges.length === 0) return null;
  return (
    <ul className="chart-transitions" aria-label={t`Transitions from ${from}`}>
      {edges.map((edge) => {
        const target = edge.target === edge.source ? t`${from} (itself)` : (paths.get(edge.target) ?? edge.target);
        return (
          <li key={edge.id} data-event={edge.event}>
            <code className="chart-transitions__event">{edge.event || t`(always)`}</code>
            {edge.guard ? <span className="chart-transitions__guard"> [{edge.guard}]</span> : null}
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden">
              <Trans>to</Trans>{' '}
            </span>
            <span className="chart-transitions__target">{target}</span>
          </li>
        );
      })}
    </ul>
  );
}

interface StateBoxProps {
  node: ChartNode;
  parent: ChartNode | null;
  edgesBySource: Map<string, ChartEdge[]>;
  paths: Map<string, string>;
  active: Set<string>;
}

function StateBox({ node, parent, edgesBySource, paths, active }: StateBoxProps) {
  const { t } = useLingui();
  const path = paths.get(node.id) ?? node.id;
  const isActive = active.has(node.id);
  const isLeaf = node.children.length === 0;
  const isInitial = parent?.initial === node.id;
  return (
    <div
      className={`chart-state chart-state--${node.type}`}
      role="group"
      aria-label={path}
      data-state-id={node.id}
      data-state-path={path}
      data-type={node.type}
      data-initial={isInitial ? 'true' : undefined}
      data-active={isActive ? 'true' : 'false'}
      aria-current={isActive && isLeaf ? 'true' : undefined}
    >
      <div className="chart-state__header">
        {isInitial ? (
          <span className="chart-badge chart-badge--initial" title={t`initial state`}>
            <span aria-hidden="true">●→ </span>
            <Trans>initial</Trans>
          </span>
        ) : null}
        <span className="chart-state__name">{node.key}</span>
        <TypeBadge type={node.type} />
        {isActive ? (
          <span className="chart-badge chart-badge--active">
            <Trans>active</Trans>
          </span>
        ) : null}
      </div>
      <Transitions edges={edgesBySource.get(node.id) ?? []} paths={paths} from={path} />
      {node.children.length > 0 ? (
        <div className={`chart-state__children${node.type === 'parallel' ? ' chart-state__children--parallel' : ''}`}>
          {node.children.map((child) => (
            <StateBox key={child.id} node={child} parent={node} edgesBySource={edgesBySource} paths={paths} active={active} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The machine as nested boxes: each state lists its transitions (event, [guard], → target). */
export function Statechart({ chart, active }: { chart: Chart; active: Set<string> }) {
  const paths = statePathsById(chart.root);
  const edgesBySource = new Map<string, ChartEdge[]>();
  for (const edge of chart.edges) edgesBySource.set(edge.source, [...(edgesBySource.get(edge.source) ?? []), edge]);
  return (
    <div className="statechart">
      <StateBox node={chart.root} parent={null} edgesBySource={edgesBySource} paths={paths} active={active} />
    </div>
  );
}
