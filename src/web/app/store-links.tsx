import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { OFFERS_HREF, POINTS_HREF, REWARDS_HREF } from '../shared/beauty-pass-links.ts';
import { HAPPENING_HREF, STORES_HREF } from '../shared/happening-links.ts';

interface StoreLink {
  href: string;
  label: MessageDescriptor;
}

/** The store's pages besides products, named once for the footer and the phone's menu (store-nav.tsx). */
export const STORE_LINKS = {
  rewards: { href: REWARDS_HREF, label: msg`Rewards boutique` },
  offers: { href: OFFERS_HREF, label: msg`Beauty Pass offers` },
  points: { href: POINTS_HREF, label: msg`My points` },
  happening: { href: HAPPENING_HREF, label: msg`Services, classes and events` },
  stores: { href: STORES_HREF, label: msg`Find a store` },
} as const satisfies Record<string, StoreLink>;

/** The list items of `links`, in their order. */
export function StoreLinkItems({ links }: { links: readonly StoreLink[] }) {
  const { i18n } = useLingui();
  return (
    <>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href}>{i18n._(link.label)}</Link>
        </li>
      ))}
    </>
  );
}
