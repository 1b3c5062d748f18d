import { useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { catalogMessages } from './messages.ts';
import { Listing } from './listing.tsx';

/** Waits for the feature messages by itself: the products' request does not wait for them. */
function SaleHeading() {
  useFeatureCatalog(catalogMessages);
  const { t } = useLingui();
  useDocumentHead({ title: t`On sale` });
  return <h1>{t`On sale`}</h1>;
}

/** `/sale`: every product on sale in the shopper's country, with the listing's filters and sort. */
export default function SaleScreen() {
  return (
    <div className="sale-listing">
      <Suspense fallback={<div className="skeleton skeleton--title" aria-hidden="true" />}>
        <SaleHeading />
      </Suspense>
      <Listing scope={{ kind: 'sale' }} />
    </div>
  );
}
