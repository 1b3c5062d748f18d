import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Badge } from '../../../contract/catalog.ts';

export const BADGE_LABELS: Readonly<Record<Badge, MessageDescriptor>> = {
  new: msg`New`,
  exclusive: msg`Exclusive`,
  coming_soon: msg`Coming soon`,
  priority_access: msg`Priority access`,
  app_exclusive: msg`App exclusive`,
  out_of_stock: msg`Out of stock`,
  waitlisted: msg`Waitlisted`,
};

export function Badges({ badges }: { badges: readonly Badge[] }) {
  const { i18n } = useLingui();
  if (badges.length === 0) return null;
  return (
    <ul className="badges">
      {badges.map((badge) => (
        <li key={badge} className={`badge badge--${badge}`} data-badge={badge}>
          {i18n._(BADGE_LABELS[badge])}
        </li>
      ))}
    </ul>
  );
}
