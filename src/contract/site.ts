import * as v from 'valibot';

/** ISO 4217 amount in major units (`42.5` SGD, `350000` IDR). */
export const MoneySchema = v.object({
  /** ISO 4217 code, e.g. `SGD`. */
  currency: v.pipe(v.string(), v.length(3)),
  /** Amount in major units of the currency. */
  amount: v.number(),
});
export type Money = v.InferOutput<typeof MoneySchema>;

/** Every error the API answers with has this shape. */
export const ApiErrorBodySchema = v.object({
  /** A message a developer can read; the SPA shows its own translated text. */
  message: v.string(),
  /** HTTP status, repeated in the body for logs. */
  status: v.number(),
  /** One entry per bad input field (400 only). */
  errors: v.optional(
    v.array(
      v.object({
        /** Dotted path of the field: `query.page`, `body.email`, `header.x-site-country`. */
        field: v.string(),
        message: v.string(),
      }),
    ),
  ),
  /** Support reference id for errors logged on the server (500 and blocked sign-in). */
  referenceId: v.optional(v.string()),
  /** Machine-readable kind of a 4xx the SPA answers in its own words (`ACCOUNT_ERROR_CODES`). */
  code: v.optional(v.string()),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>;

/** Paging metadata of every collection response. */
export const PageMetaSchema = v.object({
  page: v.number(),
  perPage: v.number(),
  total: v.number(),
  totalPages: v.number(),
});
export type PageMeta = v.InferOutput<typeof PageMetaSchema>;
