/**
 * Everything the product page loads after its first paint, as one chunk: one dynamic entry
 * keeps the bundler's shared chunks as they were (each extra entry that reaches a different set
 * of modules splits them, and every split weighs on the first screens).
 */
export { default as ProductLive } from './product-live.tsx';
export { default as ReviewsSection } from './reviews-section.tsx';
