/**
 * Order numbers as the store writes them: the country's code and a sequence (`SG1000023`), in
 * either case (the API reads them upper-cased). The orders API (orders-api.ts) answers a malformed
 * one as not found without asking the server (which answers 400): "Page Not Found".
 */
const ORDER_NUMBER = /^[A-Za-z]{2}\d{1,12}$/;

export function isOrderNumber(value: string | undefined): boolean {
  return value !== undefined && ORDER_NUMBER.test(value);
}

/** A member's order page. */
export function orderHref(number: string): string {
  return `/account/orders/${encodeURIComponent(number)}`;
}

/** The member's order history at `page` (the first page has no query). */
export function ordersHref(page = 1): string {
  return page <= 1 ? '/account/orders' : `/account/orders?page=${page}`;
}
