import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { HAPPENING_HREF, MY_BOOKINGS_HREF, STORES_HREF } from './booking-paths.ts';

/**
 * The happening pages have the blank layout (spec §2): no store header, so each starts with the
 * store's brand bar (its name, the way home) and the way to the list, the stores and, for a member,
 * their bookings.
 */
export function HappeningTop({ list = true }: { list?: boolean }) {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  return (
    <div className="happening-brand">
      <Link href="/" className="logo happening-brand__logo" aria-label={t`Beauty Pass home`}>
        BEAUTY PASS
      </Link>
      <nav className="happening-top" aria-label={t`Happening`}>
        {list ? <Link href={HAPPENING_HREF}>{t`Services, classes and events`}</Link> : null}
        <Link href={STORES_HREF}>{t`Find a store`}</Link>
        {signedIn ? <Link href={MY_BOOKINGS_HREF}>{t`My bookings`}</Link> : null}
      </nav>
    </div>
  );
}
