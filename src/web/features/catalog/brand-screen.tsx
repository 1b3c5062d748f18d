import { useLingui } from '@lingui/react/macro';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createCatalogApi } from '../../shared/api/catalog-api.ts';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import type { ScreenProps } from '../../shared/screen.ts';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';
import { Listing } from './listing.tsx';

function BrandFailure({ retry }: { retry: () => void }) {
  const { t } = useLingui();
  return <ErrorPanel title={t`The brand could not be loaded.`} onRetry={retry} />;
}

/** `/brands/:slug`: the brand's products with the listing's filters (spec §2), named from `GET brands`. */
export default function BrandScreen({ params }: ScreenProps) {
  const api = useApi(createCatalogApi);
  const slug = params.slug ?? '';
  const brands = useResource((signal) => api.brands({ signal }), 'brands');
  const brand = brands.status === 'success' ? (brands.data.find((candidate) => candidate.slug === slug) ?? null) : null;
  const missing = brands.status === 'success' && !brand;
  useDocumentHead({ title: brand?.name ?? null });

  if (missing) return <NotFoundScreen path={`/brands/${slug}`} reason="invalid" />;
  return (
    <div className="brand-listing">
      {brand ? <h1>{brand.name}</h1> : brands.status === 'loading' ? <div className="skeleton skeleton--title" aria-hidden="true" /> : null}
      {brands.status === 'failure' ? <BrandFailure retry={brands.retry} /> : null}
      <Listing key={slug} scope={{ kind: 'brand', slug }} />
    </div>
  );
}
