import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { OrderCancelApi } from '../../../../machines/orders/order-cancel.connect.ts';
import type { OrderCancelFailure } from '../../../../machines/orders/order-cancel.failure.ts';

/**
 * Cancel order on the member's order page (issue 15), from the order-cancel machine's view-model:
 * offered while the server says the order is cancellable, asked once more before anything is sent
 * (what comes back: the payment, the points, the reward), then the outcome as a status message.
 */
export function OrderCancel({ view }: { view: OrderCancelApi }) {
  const { t } = useLingui();
  const headingId = useId();
  const failures: Record<OrderCancelFailure, string> = {
    notCancellable: t`This order can no longer be cancelled: it may have been sent already.`,
    signedOut: t`Your session has ended. Sign in again to cancel the order.`,
    failed: t`The order could not be cancelled just now. Please try again.`,
  };
  const number = view.order.number;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirming = view.state === 'confirming';
  // The question takes the focus: what is about to happen is read before the choice.
  useEffect(() => {
    if (confirming) headingRef.current?.focus();
  }, [confirming]);
  return (
    <section className="order-cancel" data-state={view.state} aria-labelledby={view.state === 'confirming' || view.state === 'cancelling' ? headingId : undefined}>
      {view.failure ? (
        <p className="order-cancel__failure" role="alert">
          {failures[view.failure]}
        </p>
      ) : null}
      {view.state === 'cancelled' ? (
        <p className="order-cancel__done" role="status">
          {t`Order ${number} is cancelled. Your payment is being refunded, and any points and reward have been returned.`}
        </p>
      ) : null}
      {view.state === 'idle' && view.canCancel ? (
        <button type="button" className="button button--secondary" onClick={view.request}>
          {t`Cancel order`}
        </button>
      ) : null}
      {view.state === 'confirming' || view.state === 'cancelling' ? (
        <div className="panel order-cancel__confirm">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="panel__title">
            {t`Cancel order ${number}?`}
          </h2>
          <p>{t`The items go back on sale, your payment is refunded, and the points you used come back; points this order earned are taken back.`}</p>
          <div className="order-cancel__actions">
            <button type="button" className="button" onClick={view.confirm} disabled={view.state === 'cancelling'} aria-busy={view.state === 'cancelling'}>
              {view.state === 'cancelling' ? t`Cancelling…` : t`Yes, cancel the order`}
            </button>
            <button type="button" className="button button--secondary" onClick={view.dismiss} disabled={view.state === 'cancelling'}>
              {t`Keep the order`}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
