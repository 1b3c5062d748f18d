import type { ReactNode } from 'react';

/** A polite live region that is always there, so the confirmation is announced when it appears. */
export function SavedStatus({ saved, children }: { saved: boolean; children: ReactNode }) {
  return (
    <p role="status" className={saved ? 'account-notice' : undefined}>
      {saved ? children : null}
    </p>
  );
}
