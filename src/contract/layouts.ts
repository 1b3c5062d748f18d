import * as v from 'valibot';

export const NavigationItemSchema = v.object({
  /** Category path; the SPA builds the link from it. */
  path: v.string(),
  name: v.string(),
  children: v.array(v.object({ path: v.string(), name: v.string() })),
});

/** One `smartLinkExemptedPaths` entry (spec §2). */
export const ExemptedPathSchema = v.object({
  type: v.picklist(['absolute', 'regex', 'startsWith']),
  value: v.string(),
});

/** A header announcement in the request's language; `status` and `segment` only in a staff preview. */
export const AnnouncementSchema = v.object({
  id: v.number(),
  text: v.string(),
  status: v.optional(v.picklist(['published', 'draft'])),
  segment: v.optional(v.string()),
});
export type Announcement = v.InferOutput<typeof AnnouncementSchema>;

/** Spec §6 preview options as the server understood them: shown in the staff preview bar. */
export const PreviewEchoSchema = v.object({
  segments: v.array(v.string()),
  /** Language code (`en`), from `Accept-Language: locale-COUNTRY`. */
  locale: v.string(),
  /** Upper-case country code. */
  country: v.string(),
});
export type PreviewEcho = v.InferOutput<typeof PreviewEchoSchema>;

/** `GET layouts`: what the header, footer and navigation guard need. */
export const LayoutSchema = v.object({
  data: v.object({
    header: v.object({ navigation: v.array(NavigationItemSchema) }),
    /**
     * The server always sends it; optional so a layout the SPA cached before announcements
     * existed still parses. Public answers hold only published announcements for everyone.
     */
    announcements: v.optional(v.array(AnnouncementSchema)),
    /** Present only in a staff preview answer (never cached). */
    preview: v.optional(PreviewEchoSchema),
    footer: v.object({
      /** Legal pages; the terms page takes a `section` query parameter. */
      legal: v.array(v.object({ kind: v.picklist(['privacy', 'terms']), section: v.nullable(v.string()) })),
    }),
    config: v.object({ smartLinkExemptedPaths: v.array(ExemptedPathSchema) }),
  }),
});
export type Layout = v.InferOutput<typeof LayoutSchema>['data'];
