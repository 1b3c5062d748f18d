import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { Layout } from '../../contract/layouts.ts';
import type { ResourceView } from '../shared/hooks/use-resource.ts';
import { SITE_TITLES } from '../shared/site/messages.ts';
import { useSite } from '../shared/site/site-provider.tsx';
import { termsHref, TERMS_SECTIONS } from '../features/legal/terms-sections.ts';
import { STORE_LINKS, StoreLinkItems } from './store-links.tsx';

type LegalLink = Layout['footer']['legal'][number];

function LegalLinkLabel({ link }: { link: LegalLink }) {
  const { i18n, t } = useLingui();
  if (link.kind === 'privacy') return <>{t`Privacy policy`}</>;
  if (link.section === null) return <>{t`Terms and conditions`}</>;
  const known = TERMS_SECTIONS[link.section];
  const section = link.section;
  return <>{known ? i18n._(known) : t`Terms and conditions: ${section}`}</>;
}

/** Footer with the in-store pages and the legal links; privacy and general terms are linked even before the layout loads. */
export function Footer({ layout }: { layout: ResourceView<Layout> }) {
  const { t, i18n } = useLingui();
  const site = useSite();
  const links: LegalLink[] =
    layout.status === 'success'
      ? layout.data.footer.legal
      : [
          { kind: 'privacy', section: null },
          { kind: 'terms', section: null },
        ];
  const year = new Date().getFullYear();
  const siteTitle = i18n._(SITE_TITLES[site.country]);
  return (
    <footer className="site-footer">
      {/* In-store pages: the layout's footer lists legal texts only, so these are the shell's own. */}
      <nav aria-label={t`In store`}>
        <ul className="site-footer__links">
          <StoreLinkItems links={[STORE_LINKS.happening, STORE_LINKS.stores]} />
        </ul>
      </nav>
      {/* The programme's pages (issue 15): the points are a member's, the offers and the boutique anyone's. */}
      <nav aria-label={t`Beauty Pass`}>
        <ul className="site-footer__links">
          <StoreLinkItems links={[STORE_LINKS.rewards, STORE_LINKS.offers, STORE_LINKS.points]} />
        </ul>
      </nav>
      <nav aria-label={t`Legal`}>
        <ul className="site-footer__links">
          {links.map((link) => {
            const href = link.kind === 'privacy' ? '/privacy' : termsHref(link.section);
            return (
              <li key={`${link.kind}:${link.section ?? ''}`}>
                <Link href={href}>
                  <LegalLinkLabel link={link} />
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="site-footer__copy">
        <Trans>
          © {year} {siteTitle}
        </Trans>
      </p>
    </footer>
  );
}
