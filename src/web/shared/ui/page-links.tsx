import { Link } from 'wouter';

export interface PageLinksProps {
  page: number;
  totalPages: number;
  /** The address of a page of the list (`?page=` in it: one page per URL, so Back and a reload keep it). */
  href: (page: number) => string;
  /** The feature's words: the navigation's name, the two links and "Page 2 of 3", translated in its own catalog. */
  label: string;
  newer: string;
  older: string;
  where: string;
  /** The feature's class: its stylesheet places the links. */
  className: string;
}

/** Newer and older pages of a list, newest first, and where the shopper is. */
export function PageLinks({ page, totalPages, href, label, newer, older, where, className }: PageLinksProps) {
  return (
    <nav className={className} aria-label={label}>
      {page > 1 ? (
        <Link href={href(page - 1)} className="button button--secondary" rel="prev">
          {newer}
        </Link>
      ) : null}
      <p className={`${className}__where`}>{where}</p>
      {page < totalPages ? (
        <Link href={href(page + 1)} className="button button--secondary" rel="next">
          {older}
        </Link>
      ) : null}
    </nav>
  );
}
