import { msg } from '@lingui/core/macro';
import type { ProductSummary } from '../../src/contract/catalog.ts';
import { defineModel } from '../model/types.ts';
import { NO_FILTERS, type ListingQuery } from '../../src/contract/listing-query.ts';
import { productListingMachine, type ListingPage } from './product-listing.machine.ts';

const product = (id: number): ProductSummary => ({
  id,
  slug: `product-${id}`,
  name: `Product ${id}`,
  brand: { id: 1, slug: 'brand', name: 'Brand' },
  price: { currency: 'SGD', amount: 20 },
  salePrice: null,
  rating: { average: 4, count: 1 },
  badges: [],
  inStock: true,
  imageUrl: `/api/web/v1/media/products/${id}/1.svg`,
  variantCount: 1,
});

/** Three pages of one product each: enough for a first page, Show More, and the end of the list. */
const page = (number: number): ListingPage => ({
  data: [product(number)],
  meta: { page: number, perPage: 1, total: 3, totalPages: 3 },
});
const emptyPage: ListingPage = { data: [], meta: { page: 1, perPage: 24, total: 0, totalPages: 0 } };
/** Two URLs a shopper can reach: a brand filter, and a sort (each differs from the other and from the start). */
const brandFilter: ListingQuery = { filters: { ...NO_FILTERS, brands: ['glow-lab'] }, sort: 'featured', page: 1 };
const priceSort: ListingQuery = { filters: NO_FILTERS, sort: 'price_asc', page: 1 };

export const productListingModel = defineModel({
  id: 'productListing',
  title: msg`Product listing`,
  description: msg`First page, Show More, empty list and failures that keep what was shown.`,
  machine: productListingMachine,
  events: (snapshot) => [
    { type: 'listing.showMore' },
    { type: 'listing.retry' },
    { type: 'xstate.done.actor.fetchPage', output: page(Math.min(snapshot.context.page + 1, 3)) },
    { type: 'xstate.done.actor.fetchPage', output: emptyPage },
    { type: 'xstate.error.actor.fetchPage', error: new Error('Network error') },
    { type: 'listing.query', query: brandFilter },
    { type: 'listing.query', query: priceSort },
  ],
  // The products themselves do not change what the listing can do next: the page reached does.
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.page, snapshot.context.products.length, snapshot.context.query.sort, snapshot.context.query.filters.brands]),
});
