import { useLingui } from '@lingui/react/macro';

/** Grey cards in the shape of the product grid while products load. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useLingui();
  return (
    <div className="product-grid" role="status" aria-busy="true" aria-label={t`Loading products`} data-state="loading">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="product-card product-card--skeleton" aria-hidden="true">
          <div className="skeleton skeleton--image" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}

export function PageSkeleton() {
  const { t } = useLingui();
  return (
    <div className="page-skeleton" role="status" aria-busy="true" aria-label={t`Loading page`} data-state="loading">
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line skeleton--short" />
    </div>
  );
}
