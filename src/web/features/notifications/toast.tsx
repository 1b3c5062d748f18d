import { useLingui } from '@lingui/react/macro';
import type { FocusEvent } from 'react';
import type { QueuedToast } from '../../../../machines/notifications/queue.machine.ts';
import { toastConnect, toastRole } from '../../../../machines/notifications/toast.connect.ts';
import { useView } from '../../shared/hooks/use-view.ts';

/**
 * One notification. A click anywhere on it is the mouse shortcut (when closeOnClick); the close
 * button is the way for keyboards and screen readers. Focus pauses it like hover does, so a
 * keyboard user reaching the close button is not raced by the timer.
 */
export function Toast({ toast }: { toast: QueuedToast }) {
  const { t } = useLingui();
  const view = useView(toast.ref, toastConnect);
  const { item, count } = toast;
  const leaveUnlessInside = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) view.leave();
  };
  return (
    <div
      role={toastRole(item.type)}
      className={`toast toast--${item.type}`}
      data-state={view.phase}
      data-id={item.id}
      style={{ ['--toast-speed' as string]: `${item.speed}ms` }}
      onClick={view.click}
      onMouseEnter={view.hover}
      onMouseLeave={view.leave}
      onFocus={view.hover}
      onBlur={leaveUnlessInside}
    >
      <div className="toast__body">
        {item.title ? <p className="toast__title">{item.title}</p> : null}
        {item.text ? <p className="toast__text">{item.text}</p> : null}
      </div>
      {count > 1 ? (
        <span className="toast__count">
          <span aria-hidden="true">×{count}</span>
          <span className="visually-hidden">{t`(${count} times)`}</span>
        </span>
      ) : null}
      <button
        type="button"
        className="toast__close"
        aria-label={t`Close notification`}
        onClick={(event) => {
          // The toast's own click handler would send a second close as `toast.click`.
          event.stopPropagation();
          view.close();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
