import { useLingui } from '@lingui/react/macro';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { Listing } from './listing.tsx';

function SaleHeading() {
  const { t } = useLingui();
  useDocumentHead({ title: t`On sale` });
  return <h1>{t`On sale`}</h1>;
}

/** `/sale`: every product on sale in the shopper's country, with the listing's filters and sort. */
export default function SaleScreen() {
  return (
    <div className="sale-listing">
      <SaleHeading />
      <Listing scope={{ kind: 'sale' }} />
    </div>
  );
}
