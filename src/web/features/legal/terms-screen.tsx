import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import { termsHref, TERMS_SECTIONS } from './terms-sections.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { legalMessages } from './messages.ts';

/** The terms page; `?section=` names the section the link pointed at (spec §2). */
export default function TermsScreen() {
  // Long legal texts: their messages come with the feature catalog, off the first screen's budget.
  useFeatureCatalog(legalMessages);
  const { t, i18n } = useLingui();
  const section = new URLSearchParams(useSearch()).get('section');
  const known = section ? TERMS_SECTIONS[section] : undefined;
  const sectionTitle = known ? i18n._(known) : null;
  const title = sectionTitle ?? t`Terms and conditions`;
  useDocumentHead({ title });
  return (
    <article className="legal" data-section={section ?? 'general'}>
      <h1>{title}</h1>
      {section && !known ? (
        <p className="panel" role="status">
          <Trans>This section of the terms is not available. The general terms are shown instead.</Trans>
        </p>
      ) : null}
      <p>
        <Trans>By using this site and placing an order you agree to these terms. Prices and availability can change without notice.</Trans>
      </p>
      <nav aria-label={t`Sections`}>
        <ul className="chip-list">
          {Object.entries(TERMS_SECTIONS).map(([code, label]) => (
            <li key={code}>
              <Link href={termsHref(code)} className="chip" aria-current={code === section ? 'page' : undefined}>
                {i18n._(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
