import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useResponsePersonal } from '../../shared/ssr/server-render.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { createCheckoutApi } from './checkout-api.ts';
import { CheckoutFlow } from './checkout-flow.tsx';
import { checkoutMessages } from './messages.ts';
import './checkout.css';

/**
 * `/checkout`: the bag as it is and what it may be delivered and paid with (one screen resource,
 * rendered by the server), then the checkout machine's steps. An empty bag or one with an
 * out-of-stock line goes back to the bag (spec §4).
 */
export default function CheckoutScreen() {
  useFeatureCatalog(checkoutMessages);
  const { t } = useLingui();
  const api = useApi(createCheckoutApi);
  useDocumentHead({ title: t`Checkout` });
  // The shopper's bag and addresses: never shared from the server's page cache.
  useResponsePersonal();
  const start = useResource((signal) => api.start({ signal }), 'checkout');
  if (start.status === 'failure' || start.status === 'notFound') {
    return <ErrorPanel title={t`Checkout could not be loaded.`} {...(start.status === 'failure' ? { onRetry: start.retry } : {})} />;
  }
  if (start.status !== 'success') return <PageSkeleton />;
  const { bag } = start.data;
  if (!bag.checkout.allowed) {
    return (
      <div className="checkout checkout--blocked" data-state="blocked">
        <h1>{t`Checkout`}</h1>
        <p className="panel">
          {bag.checkout.blockedBy === 'empty'
            ? t`Your bag is empty.`
            : bag.checkout.blockedBy === 'reward_without_goods'
              ? t`A Beauty Pass reward comes with a purchase: add a product to your bag.`
              : t`Out-of-stock item must be removed to proceed`}
        </p>
        <Link className="button" href={bag.checkout.blockedBy === 'empty' ? '/' : '/cart'}>
          {bag.checkout.blockedBy === 'empty' ? t`Continue shopping` : t`Go to your bag`}
        </Link>
      </div>
    );
  }
  return <CheckoutFlow start={start.data} reload={() => api.start()} />;
}
