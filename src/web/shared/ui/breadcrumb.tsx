import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { categoryHref } from '../../shared/links.ts';

export interface BreadcrumbCategory {
  path: string;
  name: string;
}

/**
 * Home, then the category trail. On a listing the last category is the page itself
 * (`aria-current`, not a link); on a product page every category is a link.
 */
export function Breadcrumb({ trail, lastIsCurrent }: { trail: readonly BreadcrumbCategory[]; lastIsCurrent: boolean }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`} className="breadcrumb">
      <ol>
        <li>
          <Link href="/">
            <Trans>Home</Trans>
          </Link>
        </li>
        {trail.map((node, index) => (
          <li key={node.path}>
            {lastIsCurrent && index === trail.length - 1 ? (
              <span aria-current="page">{node.name}</span>
            ) : (
              <Link href={categoryHref(node.path)}>{node.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
