import { sql } from 'drizzle-orm';
import { ARTISTS } from '../../../config/artists.ts';
import type { Db } from '../client.ts';

/**
 * The artists of src/config/artists.ts as rows (their locks keep an artist to one service at a
 * time), at every start: a new artist gets a row, a renamed or moved one is updated. Rows of artists
 * no longer in the configuration stay, since bookings name them.
 */
export async function seedArtists(db: Db): Promise<void> {
  await db.execute(sql`insert into artists (id, store_id, name) values ${sql.join(
    ARTISTS.map((artist) => sql`(${artist.id}, ${artist.storeId}, ${artist.name})`),
    sql`, `,
  )} on conflict (id) do update set store_id = excluded.store_id, name = excluded.name where artists.store_id <> excluded.store_id or artists.name <> excluded.name`);
}
