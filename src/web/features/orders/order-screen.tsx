import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { Order } from '../../../contract/checkout.ts';
import { orderCancelConnect } from '../../../../machines/orders/order-cancel.connect.ts';
import { orderCancelMachine } from '../../../../machines/orders/order-cancel.machine.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import type { ScreenProps } from '../../shared/screen.ts';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { MemberOnly } from './member-only.tsx';
import { ordersMessages } from './messages.ts';
import { OrderCancel } from './order-cancel.tsx';
import { OrderDetail } from './order-detail.tsx';
import { createOrdersApi } from './orders-api.ts';
import { ordersHref } from './paths.ts';
import './orders.css';
import { useView } from '../../shared/hooks/use-view.ts';

function BackToOrders() {
  const { t } = useLingui();
  return (
    <p className="orders__back">
      <Link href={ordersHref()}>{t`All my orders`}</Link>
    </p>
  );
}

/** The order with Cancel order (issue 15): the page shows the order as the cancel machine last had it from the server. */
function CancellableOrder({ order }: { order: Order }) {
  const api = useApi(createOrdersApi);
  const machine = useMemo(() => orderCancelMachine.provide({ actors: { cancelOrder: fromPromise<Order, { number: string }>(({ input }) => api.cancel(input.number)) } }), [api]);
  const actor = useActorRef(machine, { input: { order } });
  const view = useView(actor, orderCancelConnect);
  return (
    <>
      <OrderDetail order={view.order} level={1} points="always" />
      <OrderCancel view={view} />
    </>
  );
}

/** `GET orders/{number}` as a screen resource: rendered by the server, restored in the browser; another member's number is not found. */
function MemberOrder({ number }: { number: string }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const api = useApi(createOrdersApi);
  const order = useResource((signal) => api.order(number, { signal }), `order:${number}`);
  useDocumentHead({ title: order.status === 'notFound' ? t`Page not found` : t`Order ${number}` });
  if (order.status === 'notFound') return <NotFoundScreen path={location} reason="invalid" />;
  return (
    <section className="orders orders--detail">
      <BackToOrders />
      {order.status === 'success' ? (
        <CancellableOrder order={order.data} />
      ) : (
        <>
          <h1>{t`Order ${number}`}</h1>
          {order.status === 'failure' ? <ErrorPanel title={t`This order could not be loaded.`} onRetry={order.retry} /> : <PageSkeleton />}
        </>
      )}
    </section>
  );
}

/** Signed out: the note with the sign-in link, then the sign-in page, which comes back here. */
function SignedOutOrder({ number }: { number: string }) {
  const { t } = useLingui();
  const title = t`Order ${number}`;
  useDocumentHead({ title });
  return (
    <section className="orders orders--detail">
      <h1>{title}</h1>
      <MemberOnly>{null}</MemberOnly>
    </section>
  );
}

/** `/account/orders/:number` (issue 13): one of the member's orders as it was placed. */
export default function OrderScreen({ params }: ScreenProps) {
  useFeatureCatalog(ordersMessages);
  const signedIn = useSignedIn();
  // The route checked its shape (paths.ts); the API reads numbers upper-cased, and so does the page's key.
  const number = (params.number ?? '').toUpperCase();
  return signedIn ? <MemberOrder number={number} /> : <SignedOutOrder number={number} />;
}
