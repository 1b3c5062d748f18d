import { useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { useCatalogApi } from '../api/CatalogApiProvider.tsx';
import { ErrorPanel } from '../components/Retry.tsx';
import { useDocumentHead } from '../head/useDocumentHead.ts';
import { useResource } from '../hooks/useResource.ts';
import type { ScreenProps } from '../routes.tsx';
import { NotFoundScreen } from '../screens/NotFoundScreen.tsx';
import { useFeatureCatalog } from '../i18n/useFeatureCatalog.ts';
import { LazyListing } from './LazyListing.tsx';

function BrandFailure({ retry }: { retry: () => void }) {
  useFeatureCatalog();
  const { t } = useLingui();
  return <ErrorPanel title={t`The brand could not be loaded.`} onRetry={retry} />;
}

/** `/brands/:slug`: the brand's products with the listing's filters (spec §2), named from `GET brands`. */
export default function BrandScreen({ params }: ScreenProps) {
  const api = useCatalogApi();
  const slug = params.slug ?? '';
  const brands = useResource((signal) => api.brands({ signal }));
  const brand = brands.status === 'success' ? (brands.data.find((candidate) => candidate.slug === slug) ?? null) : null;
  const missing = brands.status === 'success' && !brand;
  useDocumentHead({ title: brand?.name ?? null });

  if (missing) return <NotFoundScreen path={`/brands/${slug}`} reason="invalid" />;
  return (
    <div className="brand-listing">
      {brand ? <h1>{brand.name}</h1> : brands.status === 'loading' ? <div className="skeleton skeleton--title" aria-hidden="true" /> : null}
      {brands.status === 'failure' ? (
        <Suspense fallback={null}>
          <BrandFailure retry={brands.retry} />
        </Suspense>
      ) : null}
      <LazyListing key={slug} scope={{ kind: 'brand', slug }} />
    </div>
  );
}
