import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { CategoryNode } from '../../../contract/catalog.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createCatalogApi } from '../../shared/api/catalog-api.ts';
import { Breadcrumb } from '../../shared/ui/breadcrumb.tsx';
import { categoryHref } from '../../shared/links.ts';
import { Listing } from './listing.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import type { ScreenProps } from '../../shared/screen.ts';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';

/** The nodes from the top category down to `path`, or null when the tree has no such category. */
export function findCategoryTrail(tree: readonly CategoryNode[], path: string): CategoryNode[] | null {
  for (const node of tree) {
    if (node.path === path) return [node];
    if (path.startsWith(`${node.path}/`)) {
      const rest = findCategoryTrail(node.children, path);
      if (rest) return [node, ...rest];
    }
  }
  return null;
}

export default function CategoryScreen({ params }: ScreenProps) {
  const api = useApi(createCatalogApi);
  const { t } = useLingui();
  const categoryPath = [params.top, params.category, params.sub].filter(Boolean).join('/');
  const tree = useResource((signal) => api.categories({ signal }), 'categories');
  const trail = tree.status === 'success' ? findCategoryTrail(tree.data, categoryPath) : null;
  const current = trail?.at(-1) ?? null;
  const missing = tree.status === 'success' && !current;
  useDocumentHead({ title: missing ? t`Page not found` : (current?.name ?? (tree.status === 'loading' ? null : t`Products`)) });

  if (missing) return <NotFoundScreen path={`/categories/${categoryPath}`} reason="invalid" />;

  return (
    <div className="category">
      <Breadcrumb trail={trail ?? []} lastIsCurrent />
      {current ? <h1>{current.name}</h1> : tree.status === 'loading' ? <div className="skeleton skeleton--title" aria-hidden="true" /> : <h1>{t`Products`}</h1>}
      {current && current.children.length > 0 ? (
        <ul className="chip-list" aria-label={t`Subcategories`}>
          {current.children.map((child) => (
            <li key={child.path}>
              <Link href={categoryHref(child.path)} className="chip">
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : tree.status === 'loading' && categoryPath.split('/').length < 3 ? (
        // The route goes three levels deep, so any shallower category may list its children: keep their row.
        <div className="skeleton skeleton--chips" aria-hidden="true" />
      ) : null}
      {tree.status === 'failure' ? <ErrorPanel title={t`The categories could not be loaded.`} onRetry={tree.retry} /> : null}
      <Listing key={categoryPath} scope={{ kind: 'category', path: categoryPath }} />
    </div>
  );
}
