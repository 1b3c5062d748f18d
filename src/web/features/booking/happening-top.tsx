import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { HAPPENING_HREF, MY_BOOKINGS_HREF, STORES_HREF } from './booking-paths.ts';

/**
 * The happening pages have the blank layout (spec §2): no store header, so each starts with the
 * way home, to the list and, for a member, to their bookings.
 */
export function HappeningTop({ list = true }: { list?: boolean }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  return (
    <nav className="happening-top" aria-label={t`Happening`}>
      <Link href="/" className="happening-top__home">
        {t`Beauty Pass home`}
      </Link>
      {list ? <Link href={HAPPENING_HREF}>{t`Services, classes and events`}</Link> : null}
      <Link href={STORES_HREF}>{t`Find a store`}</Link>
      {signedIn ? <Link href={MY_BOOKINGS_HREF}>{t`My bookings`}</Link> : null}
    </nav>
  );
}
