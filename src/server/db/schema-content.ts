import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { Localized } from './schema-catalogue.ts';

/*
 * Content staff preview and publish: user segments and header announcements.
 */

/** User segments staff preview content for (`sea-falcon/all-user-segments`). */
export const userSegments = pgTable('user_segments', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
});

/** A header announcement aimed at one segment (`all` for everyone); drafts are seen only in staff preview. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    segmentKey: text('segment_key').notNull(),
    status: text('status').$type<'published' | 'draft'>().notNull(),
    text: jsonb('text').$type<Localized>().notNull(),
    /** Countries it runs in; null: every country. */
    countries: text('countries').array(),
  },
  (t) => [index('announcements_segment_idx').on(t.segmentKey)],
);
