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

/** `GET layouts`: what the header, footer and navigation guard need. */
export const LayoutSchema = v.object({
  data: v.object({
    header: v.object({ navigation: v.array(NavigationItemSchema) }),
    footer: v.object({
      /** Legal pages; the terms page takes a `section` query parameter. */
      legal: v.array(v.object({ kind: v.picklist(['privacy', 'terms']), section: v.nullable(v.string()) })),
    }),
    config: v.object({ smartLinkExemptedPaths: v.array(ExemptedPathSchema) }),
  }),
});
export type Layout = v.InferOutput<typeof LayoutSchema>['data'];
