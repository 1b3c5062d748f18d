import { createHash } from 'node:crypto';
import { desc, and, eq } from 'drizzle-orm';
import type { CountryCode } from '../../config/countries.ts';
import type { Address } from '../../contract/checkout.ts';
import type { Db } from '../db/client.ts';
import { memberAddresses } from '../db/schema.ts';

/** The same address typed twice (case, spaces) is saved once. */
export function addressHash(address: Address): string {
  const normal = [address.fullName, address.phone, address.line1, address.line2, address.city, address.state, address.postcode].map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase());
  return createHash('sha256').update(JSON.stringify(normal)).digest('hex');
}

/** A member's saved addresses in the country, the last used first. */
export async function savedAddresses(db: Db, userId: number, country: CountryCode): Promise<Address[]> {
  const rows = await db
    .select({ address: memberAddresses.address })
    .from(memberAddresses)
    .where(and(eq(memberAddresses.userId, userId), eq(memberAddresses.countryCode, country)))
    .orderBy(desc(memberAddresses.lastUsedAt), desc(memberAddresses.id));
  return rows.map((row) => row.address);
}
