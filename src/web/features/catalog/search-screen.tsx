import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import { clipSearchText } from '../../../contract/search-text.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { Listing } from './listing.tsx';

/** The search text of a results URL as the API takes it. */
export function searchText(search: string): string {
  return clipSearchText(new URLSearchParams(search).get('q') ?? '');
}

/** Spec §8 "Search no result": what was not found, and what to try instead. */
function NoResults({ q, clear }: { q: string; clear: (() => void) | null }) {
  return (
    <div className="panel search-results__none" data-state="empty">
      <p className="panel__title">
        <Trans>Sorry, we found no products for “{q}”.</Trans>
      </p>
      {clear ? (
        <>
          <p>
            <Trans>Your filters may be hiding them.</Trans>
          </p>
          <button type="button" className="button" onClick={clear}>
            <Trans>Clear all filters</Trans>
          </button>
        </>
      ) : null}
      <p>
        <Trans>Search tips:</Trans>
      </p>
      <ul>
        <li>
          <Trans>Check the spelling.</Trans>
        </li>
        <li>
          <Trans>Use more general terms, such as “lipstick” rather than a shade name.</Trans>
        </li>
        <li>
          <Trans>Use fewer words.</Trans>
        </li>
      </ul>
      <Link href="/">
        <Trans>Browse our featured products</Trans>
      </Link>
    </div>
  );
}

function SearchHeading({ q }: { q: string }) {
  const { t } = useLingui();
  useDocumentHead({ title: q ? t`Search results for “${q}”` : t`Search` });
  if (!q) {
    return (
      <>
        <h1>{t`Search`}</h1>
        <p className="panel">
          <Trans>Type what you are looking for in the search box: a product, a brand or a category.</Trans>
        </p>
      </>
    );
  }
  return <h1>{t`Search results for “${q}”`}</h1>;
}

/** "Showing results for {corrected}": the results are for the corrected spelling. */
function Corrected({ corrected }: { corrected: string }) {
  return (
    <p className="search-results__corrected" data-state="corrected">
      <Trans>
        Showing results for <strong>{corrected}</strong>
      </Trans>
    </p>
  );
}

/** `/search?q=…`: the results with the listing's filters and sort, and the no-result tips. */
export default function SearchScreen() {
  const q = searchText(useSearch());
  return (
    <div className="search-results">
      <SearchHeading q={q} />
      {q ? (
        // A new search is a new listing: its own machine, its own first request.
        <Listing
          key={q}
          scope={{ kind: 'search', q }}
          renderNotice={(corrected) => (corrected ? <Corrected corrected={corrected} /> : null)}
          renderEmpty={(clear) => <NoResults q={q} clear={clear} />}
        />
      ) : null}
    </div>
  );
}
