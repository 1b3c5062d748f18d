import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { EventObject, StateValue } from 'xstate';
import type { ModelPath } from '../../../../machines/model/graph.ts';
import { eventLabel, readableJson, valueLabel } from './run.ts';

export function Panel({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`viz-panel${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function EventText({ event }: { event: EventObject }) {
  const { type, payload } = eventLabel(event);
  return (
    <>
      <code className="viz-event__type">{type}</code>
      {payload ? <span className="viz-event__payload"> {payload}</span> : null}
    </>
  );
}

export function EventsPanel({ accepted, status, onSend }: { accepted: { event: EventObject; index: number }[]; status: string; onSend: (index: number) => void }) {
  const { t } = useLingui();
  return (
    <Panel id="viz-events" title={t`Events`}>
      {accepted.length === 0 ? (
        <p className="viz-muted">{status === 'done' ? t`The machine has reached a final state.` : t`No event of the model is accepted in this state.`}</p>
      ) : (
        <ul className="viz-event-buttons">
          {accepted.map(({ event, index }) => (
            <li key={index}>
              <button type="button" className="viz-event" data-event={event.type} title={readableJson(event)} onClick={() => onSend(index)}>
                <EventText event={event} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function ContextPanel({ context }: { context: unknown }) {
  const { t } = useLingui();
  return (
    <Panel id="viz-context" title={t`Context`}>
      <pre className="viz-json" tabIndex={0} aria-label={t`Context as JSON`}>
        {readableJson(context)}
      </pre>
    </Panel>
  );
}

interface LogPanelProps {
  events: EventObject[];
  values: StateValue[];
  cursor: number;
  onGo: (step: number) => void;
}

export function LogPanel({ events, values, cursor, onGo }: LogPanelProps) {
  const { t } = useLingui();
  const initial = values[0];
  return (
    <Panel id="viz-log" title={t`Event log`}>
      <div className="viz-toolbar" role="toolbar" aria-label={t`Step through the log`}>
        <button type="button" className="button button--secondary" disabled={cursor === 0} onClick={() => onGo(cursor - 1)}>
          <Trans>Step back</Trans>
        </button>
        <button type="button" className="button button--secondary" disabled={cursor >= events.length} onClick={() => onGo(cursor + 1)}>
          <Trans>Step forward</Trans>
        </button>
        <button type="button" className="button button--secondary" disabled={cursor === 0} onClick={() => onGo(0)}>
          <Trans>Back to start</Trans>
        </button>
      </div>
      <p className="viz-muted" aria-live="polite">
        <Trans>
          Step {cursor} of {events.length}
        </Trans>
      </p>
      <ol className="viz-log" start={0}>
        <li aria-current={cursor === 0 ? 'step' : undefined} data-applied="true">
          <button type="button" className="viz-log__step" onClick={() => onGo(0)}>
            <Trans>Start</Trans> → {initial === undefined ? '' : valueLabel(initial)}
          </button>
        </li>
        {events.map((event, index) => {
          const step = index + 1;
          const value = values[step];
          return (
            <li key={step} aria-current={cursor === step ? 'step' : undefined} data-applied={step <= cursor ? 'true' : 'false'}>
              <button type="button" className="viz-log__step" onClick={() => onGo(step)}>
                <EventText event={event} /> → {value === undefined ? '' : valueLabel(value)}
              </button>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}

interface PathsPanelProps {
  paths: ModelPath[];
  selected: number | null;
  step: number;
  onPlay: (path: number, step: number) => void;
}

function targetLabel(path: ModelPath): string {
  return valueLabel(JSON.parse(path.target) as StateValue);
}

export function PathsPanel({ paths, selected, step, onPlay }: PathsPanelProps) {
  const { t } = useLingui();
  return (
    <Panel id="viz-paths" title={t`Paths to every state`}>
      <ol className="viz-paths">
        {paths.map((path, index) => {
          const target = targetLabel(path);
          const isSelected = selected === index;
          const length = path.events.length;
          return (
            <li key={path.id} data-target={target} data-selected={isSelected ? 'true' : 'false'} aria-current={isSelected ? 'true' : undefined}>
              <span className="viz-paths__target">{target}</span>{' '}
              <span className="viz-muted">
                {length === 1 ? <Trans>1 step</Trans> : <Trans>{length} steps</Trans>}
              </span>
              <div className="viz-toolbar">
                <button type="button" className="button button--secondary" aria-label={t`Play path to ${target}`} onClick={() => onPlay(index, 0)}>
                  <Trans>Play</Trans>
                </button>
                {isSelected ? (
                  <>
                    <button type="button" className="button" disabled={step >= length} aria-label={t`Next step to ${target}`} onClick={() => onPlay(index, step + 1)}>
                      <Trans>Next</Trans>
                    </button>
                    <button type="button" className="button button--secondary" disabled={step >= length} aria-label={t`Run to ${target}`} onClick={() => onPlay(index, length)}>
                      <Trans>Run to end</Trans>
                    </button>
                    <span className="viz-muted">
                      <Trans>
                        Step {step} of {length}
                      </Trans>
                    </span>
                  </>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}

export function SharePanel({ link }: { link: string }) {
  const { t } = useLingui();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus('copied');
    } catch {
      // No clipboard (permissions, insecure origin): the link stays selectable in the field.
      setStatus('failed');
    }
  };
  return (
    <Panel id="viz-share" title={t`Share`}>
      <label className="viz-share">
        <span>
          <Trans>Link to this state</Trans>
        </span>
        <input type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <button type="button" className="button button--secondary" onClick={() => void copy()}>
        <Trans>Copy link</Trans>
      </button>
      <span role="status" className="viz-muted">
        {status === 'copied' ? t`Link copied` : status === 'failed' ? t`Copy the link from the field above.` : ''}
      </span>
    </Panel>
  );
}
