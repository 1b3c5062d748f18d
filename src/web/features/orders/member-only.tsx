import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { MemberOnly as SharedMemberOnly } from '../../shared/session/member-only.tsx';

/** A member's order pages need a session (the shared guard), with the orders' own note. */
export function MemberOnly({ children }: { children: ReactNode }) {
  return (
    <SharedMemberOnly
      note={(href) => (
        <Trans>
          Please <a href={href}>sign in</a> to see your orders.
        </Trans>
      )}
    >
      {children}
    </SharedMemberOnly>
  );
}
