/** What an "Add to bag" button adds: a variant (the product page's choice), or a card's single-variant product by slug. */
export type AddTarget = { variantId: number } | { slug: string };
