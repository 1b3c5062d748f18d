import type * as v from 'valibot';
import { API_PREFIX } from '../config/constants.ts';
import {
  BrandListSchema,
  CategoryTreeSchema,
  FeaturedProductsResponseSchema,
  ProductDetailResponseSchema,
  ProductFiltersResponseSchema,
  ProductListResponseSchema,
} from './catalog.ts';
import { FeaturedProductsBodySchema, ProductFiltersQuerySchema, ProductListQuerySchema, SearchQuerySchema } from './catalog-query.ts';
import { PopularQueriesResponseSchema, SearchResponseSchema, SuggestionsQuerySchema, SuggestionsResponseSchema } from './search.ts';
import {
  GuestSubscribeBodySchema,
  MyReviewResponseSchema,
  NotificationSubscriptionBodySchema,
  NotificationSubscriptionListSchema,
  NotificationSubscriptionResponseSchema,
  ReviewBodySchema,
  ReviewListQuerySchema,
  ReviewListResponseSchema,
  ReviewResponseSchema,
  VariantListResponseSchema,
  VariantsQuerySchema,
  WaitlistPatchResponseSchema,
  WaitlistPatchSchema,
  WaitlistResponseSchema,
} from './reviews.ts';
import { MessageResponseSchema, TokenRequestSchema, TokenResponseSchema } from './auth.ts';
import { CurrentUserResponseSchema, SignInSchema } from './sign-in.ts';
import { LayoutSchema } from './layouts.ts';
import {
  AccountResponseSchema,
  BeautyProfileResponseSchema,
  BeautyProfileSchema,
  ChangePasswordSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  PasswordResetShowSchema,
  ProfilePatchSchema,
  RegisterSchema,
  SandboxEmailListSchema,
  SocialSignInSchema,
  UserSegmentListSchema,
} from './account.ts';
import { SandboxUserBodySchema, SandboxUserListSchema, SandboxUserPatchSchema, SandboxUserResponseSchema } from './sandbox.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The operations of spec §7. */
export type Operation = 'index' | 'show' | 'create' | 'update' | 'replace' | 'delete';

export interface Endpoint {
  /** Stable key, `{resource}.{operation}`: tests and the docs page key on it. */
  id: string;
  method: HttpMethod;
  /** Path under `API_PREFIX`, without slashes at either end; parameters as `{name}`. */
  path: string;
  operation: Operation;
  /**
   * One line for developers. Deliberately English and untranslated: these are API docs for
   * engineers, like the field names beside them, not shopper-facing text.
   */
  description: string;
  /** Status of a successful answer. */
  status: 200 | 201 | 202 | 204;
  /** `Content-Type` of a successful answer; null when it has no body (204). */
  contentType: 'application/json' | 'image/svg+xml' | null;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  /** Schema of a successful JSON answer. */
  response?: v.GenericSchema;
  /** A singular resource (`user`, `sessions` of spec §7): shown, changed or deleted without an id. */
  singular?: true;
  /** Needs a session (access token cookies or Bearer); without one the answer is 401. */
  auth?: true;
}

const JSON_TYPE = 'application/json';

/** Every endpoint the API serves today; `tests/api/endpoints.test.ts` holds it to the server. */
export const ENDPOINTS: readonly Endpoint[] = [
  {
    id: 'brands.index',
    method: 'GET',
    path: 'brands',
    operation: 'index',
    description: 'All brands, sorted by name.',
    status: 200,
    contentType: JSON_TYPE,
    response: BrandListSchema,
  },
  {
    id: 'categories.index',
    method: 'GET',
    path: 'categories',
    operation: 'index',
    description: "The category tree (top category → category → sub-category), named in the request's language.",
    status: 200,
    contentType: JSON_TYPE,
    response: CategoryTreeSchema,
  },
  {
    id: 'products.index',
    method: 'GET',
    path: 'products',
    operation: 'index',
    description: "One page of products, filtered by category, brand or sale and priced in the request country's currency.",
    status: 200,
    contentType: JSON_TYPE,
    query: ProductListQuerySchema,
    response: ProductListResponseSchema,
  },
  {
    id: 'products.show',
    method: 'GET',
    path: 'products/{slug}',
    operation: 'show',
    description: 'One product by slug, with its variants and category breadcrumb.',
    status: 200,
    contentType: JSON_TYPE,
    response: ProductDetailResponseSchema,
  },
  {
    id: 'featuredProducts.create',
    method: 'POST',
    path: 'featured-products',
    operation: 'create',
    description: 'Products picked for a placement (home, category or product page). A POST by contract, but it only reads.',
    status: 200,
    contentType: JSON_TYPE,
    body: FeaturedProductsBodySchema,
    response: FeaturedProductsResponseSchema,
  },
  {
    id: 'layouts.index',
    method: 'GET',
    path: 'layouts',
    operation: 'index',
    description:
      'Header navigation, announcements, footer legal links and the navigation guard configuration. Staff preview (spec §6): X-Preview-Mode: true, Accept-Language locale-COUNTRY and ?user_segments=a,b add drafts and segment announcements, uncached; 401 without a session, 403 for a shopper.',
    status: 200,
    contentType: JSON_TYPE,
    response: LayoutSchema,
  },
  {
    id: 'sandboxUsers.index',
    method: 'GET',
    path: 'sandbox/users',
    operation: 'index',
    description: 'Developer sandbox: all users.',
    status: 200,
    contentType: JSON_TYPE,
    response: SandboxUserListSchema,
  },
  {
    id: 'sandboxUsers.show',
    method: 'GET',
    path: 'sandbox/users/{id}',
    operation: 'show',
    description: 'Developer sandbox: one user by id.',
    status: 200,
    contentType: JSON_TYPE,
    response: SandboxUserResponseSchema,
  },
  {
    id: 'sandboxUsers.create',
    method: 'POST',
    path: 'sandbox/users',
    operation: 'create',
    description: 'Developer sandbox: creates a user; send an Idempotency-Key so a retry never makes a duplicate.',
    status: 201,
    contentType: JSON_TYPE,
    body: SandboxUserBodySchema,
    response: SandboxUserResponseSchema,
  },
  {
    id: 'sandboxUsers.replace',
    method: 'PUT',
    path: 'sandbox/users/{id}',
    operation: 'replace',
    description: 'Developer sandbox: replaces every field of a user.',
    status: 200,
    contentType: JSON_TYPE,
    body: SandboxUserBodySchema,
    response: SandboxUserResponseSchema,
  },
  {
    id: 'sandboxUsers.update',
    method: 'PATCH',
    path: 'sandbox/users/{id}',
    operation: 'update',
    description: 'Developer sandbox: changes the fields sent and keeps the others.',
    status: 200,
    contentType: JSON_TYPE,
    body: SandboxUserPatchSchema,
    response: SandboxUserResponseSchema,
  },
  {
    id: 'sandboxUsers.delete',
    method: 'DELETE',
    path: 'sandbox/users/{id}',
    operation: 'delete',
    description: 'Developer sandbox: deletes a user.',
    status: 204,
    contentType: null,
  },
  {
    id: 'media.productImage',
    method: 'GET',
    path: 'media/products/{productId}/{variantId}.svg',
    operation: 'show',
    description: 'Offline product picture of one variant, as SVG (cached forever: the URL changes with the picture).',
    status: 200,
    contentType: 'image/svg+xml',
  },
  {
    id: 'authToken.create',
    method: 'POST',
    path: 'auth/token',
    operation: 'create',
    description:
      'Refreshes the session: rotates the refresh token (cookie in the client flow, body plus Bearer access token in the app flow) and issues a new access token.',
    status: 200,
    contentType: JSON_TYPE,
    body: TokenRequestSchema,
    response: TokenResponseSchema,
  },
  {
    id: 'authSocial.create',
    method: 'POST',
    path: 'auth/social',
    operation: 'create',
    description:
      'Signs in with a Google (OpenID Connect) ID token of an identity linked to an account; sets the session cookies. A genuine token not linked yet: 404 social_not_linked with its email and names for registration. 404 when Google sign-in is not configured.',
    status: 201,
    contentType: JSON_TYPE,
    body: SocialSignInSchema,
    response: CurrentUserResponseSchema,
  },
  {
    id: 'sessions.create',
    method: 'POST',
    path: 'sessions',
    operation: 'create',
    description: 'Signs in with email and password; sets the jwt-data, jwt-signature, jwt-refresh-token and device-id cookies.',
    status: 201,
    contentType: JSON_TYPE,
    body: SignInSchema,
    response: CurrentUserResponseSchema,
  },
  {
    id: 'sessions.delete',
    method: 'DELETE',
    path: 'sessions',
    operation: 'delete',
    description: 'Signs out: revokes the refresh token family and clears the session cookies.',
    status: 200,
    contentType: JSON_TYPE,
    response: MessageResponseSchema,
    singular: true,
  },
  {
    id: 'sessionsAll.delete',
    method: 'DELETE',
    path: 'sessions/all',
    operation: 'delete',
    description: "Signs out everywhere: revokes every refresh token family of the user (all devices) and clears this browser's session cookies.",
    status: 200,
    contentType: JSON_TYPE,
    response: MessageResponseSchema,
    singular: true,
    auth: true,
  },
  {
    id: 'user.index',
    method: 'GET',
    path: 'user',
    operation: 'index',
    description: 'The signed-in user.',
    status: 200,
    contentType: JSON_TYPE,
    response: CurrentUserResponseSchema,
    auth: true,
  },
  {
    id: 'user.create',
    method: 'POST',
    path: 'user',
    operation: 'create',
    description:
      'Registers an account with its consents (the Beauty Pass one with the country\'s terms variant makes a Pink member), optionally linking a Google account; signs in (session cookies). 409 email_taken, terms_outdated or identity_linked.',
    status: 201,
    contentType: JSON_TYPE,
    body: RegisterSchema,
    response: CurrentUserResponseSchema,
  },
  {
    id: 'user.update',
    method: 'PATCH',
    path: 'user',
    operation: 'update',
    description: 'Changes the profile fields sent (names, marketing consent; a consent change is recorded).',
    status: 200,
    contentType: JSON_TYPE,
    body: ProfilePatchSchema,
    response: CurrentUserResponseSchema,
    singular: true,
    auth: true,
  },
  {
    id: 'userPassword.replace',
    method: 'PUT',
    path: 'user/password',
    operation: 'replace',
    description: 'Changes the password (400 wrong_password), signs out every other device and starts a new session here.',
    status: 200,
    contentType: JSON_TYPE,
    body: ChangePasswordSchema,
    response: MessageResponseSchema,
    singular: true,
    auth: true,
  },
  {
    id: 'account.index',
    method: 'GET',
    path: 'account',
    operation: 'index',
    description: 'The account dashboard: user, Beauty Pass membership, beauty profile completion, signed-in devices.',
    status: 200,
    contentType: JSON_TYPE,
    response: AccountResponseSchema,
    auth: true,
  },
  {
    id: 'beautyProfile.index',
    method: 'GET',
    path: 'beauty-profile',
    operation: 'index',
    description: 'The beauty profile (empty answers until filled in) and whether it is complete.',
    status: 200,
    contentType: JSON_TYPE,
    response: BeautyProfileResponseSchema,
    auth: true,
  },
  {
    id: 'beautyProfile.replace',
    method: 'PUT',
    path: 'beauty-profile',
    operation: 'replace',
    description: 'Replaces the beauty profile.',
    status: 200,
    contentType: JSON_TYPE,
    body: BeautyProfileSchema,
    response: BeautyProfileResponseSchema,
    singular: true,
    auth: true,
  },
  {
    id: 'passwordResets.create',
    method: 'POST',
    path: 'password-resets',
    operation: 'create',
    description: 'Asks for a reset link (valid 30 minutes, at most 5 emails per address per hour); the same 202 whether or not the email is on record.',
    status: 202,
    contentType: JSON_TYPE,
    body: PasswordResetRequestSchema,
    response: MessageResponseSchema,
  },
  {
    id: 'passwordResets.show',
    method: 'GET',
    path: 'password-resets/{token}',
    operation: 'show',
    description: 'Checks a reset link: the masked email and expiry, or 410 reset_link_invalid when unknown, expired or used.',
    status: 200,
    contentType: JSON_TYPE,
    response: PasswordResetShowSchema,
  },
  {
    id: 'passwordResets.replace',
    method: 'PUT',
    path: 'password-resets/{token}',
    operation: 'replace',
    description: 'Sets a new password with a reset link (works once, 410 afterwards) and signs out every device.',
    status: 200,
    contentType: JSON_TYPE,
    body: PasswordResetSchema,
    response: MessageResponseSchema,
  },
  {
    id: 'sandboxEmails.index',
    method: 'GET',
    path: 'sandbox/emails',
    operation: 'index',
    description: 'Developer sandbox: the email outbox, newest first (404 unless the sandbox is on: it holds live reset links).',
    status: 200,
    contentType: JSON_TYPE,
    response: SandboxEmailListSchema,
  },
  {
    id: 'userSegments.index',
    method: 'GET',
    path: 'sea-falcon/all-user-segments',
    operation: 'index',
    description: 'Staff only: the user segments content can be previewed for (403 for shoppers).',
    status: 200,
    contentType: JSON_TYPE,
    response: UserSegmentListSchema,
    auth: true,
  },

  // Catalogue, search, reviews and waitlist (issue 5).
  {
    id: 'productFilters.index',
    method: 'GET',
    path: 'products/filters',
    operation: 'index',
    description: 'The choices of each listing filter (brands, categories, price, others, on sale) with product counts that apply the other active filters. Takes the listing query (and q for search results).',
    status: 200,
    contentType: JSON_TYPE,
    query: ProductFiltersQuerySchema,
    response: ProductFiltersResponseSchema,
  },
  {
    id: 'search.index',
    method: 'GET',
    path: 'search',
    operation: 'index',
    description: 'Products matching q (typing mistakes corrected), with the listing filters, sort and paging; meta.corrected names the corrected query.',
    status: 200,
    contentType: JSON_TYPE,
    query: SearchQuerySchema,
    response: SearchResponseSchema,
  },
  {
    id: 'searchSuggestions.index',
    method: 'GET',
    path: 'search/suggestions',
    operation: 'index',
    description: 'Suggestions as the shopper types: completions, products, brands and categories for a prefix.',
    status: 200,
    contentType: JSON_TYPE,
    query: SuggestionsQuerySchema,
    response: SuggestionsResponseSchema,
  },
  {
    id: 'popularQueries.index',
    method: 'GET',
    path: 'search/popular-queries',
    operation: 'index',
    description: "What shoppers of the request's country searched most (searches that found products).",
    status: 200,
    contentType: JSON_TYPE,
    response: PopularQueriesResponseSchema,
  },
  {
    id: 'variants.index',
    method: 'GET',
    path: 'variants',
    operation: 'index',
    description: 'Live stock of the shades and sizes of one product (?product={slug}); never cached.',
    status: 200,
    contentType: JSON_TYPE,
    query: VariantsQuerySchema,
    response: VariantListResponseSchema,
  },
  {
    id: 'reviews.index',
    method: 'GET',
    path: 'products/{slug}/reviews',
    operation: 'index',
    description: 'Published reviews of a product (sort newest, highest, lowest; paged) with the rating summary and histogram.',
    status: 200,
    contentType: JSON_TYPE,
    query: ReviewListQuerySchema,
    response: ReviewListResponseSchema,
  },
  {
    id: 'reviews.create',
    method: 'POST',
    path: 'products/{slug}/reviews',
    operation: 'create',
    description: 'Writes the signed-in member\'s review (rating 1–5, title, text); one per product per member, a second gets 409 review_exists.',
    status: 201,
    contentType: JSON_TYPE,
    body: ReviewBodySchema,
    response: ReviewResponseSchema,
    auth: true,
  },
  {
    id: 'myReview.show',
    method: 'GET',
    path: 'products/{slug}/reviews/mine',
    operation: 'show',
    description: 'The signed-in member\'s own review of the product, or null.',
    status: 200,
    contentType: JSON_TYPE,
    response: MyReviewResponseSchema,
    auth: true,
  },
  {
    id: 'waitlist.index',
    method: 'GET',
    path: 'waitlist',
    operation: 'index',
    description: 'Products the signed-in member is waitlisted for; never cached.',
    status: 200,
    contentType: JSON_TYPE,
    response: WaitlistResponseSchema,
    auth: true,
  },
  {
    id: 'waitlist.update',
    method: 'PATCH',
    path: 'waitlist/{slug}',
    operation: 'update',
    description: 'Joins ({"waitlisted": true}) or leaves the waitlist of a product; only out-of-stock or coming-soon products can be joined (409 not_waitlistable).',
    status: 200,
    contentType: JSON_TYPE,
    body: WaitlistPatchSchema,
    response: WaitlistPatchResponseSchema,
    auth: true,
  },
  {
    id: 'notificationSubscriptions.index',
    method: 'GET',
    path: 'notification-subscription',
    operation: 'index',
    description: 'The signed-in member\'s "Notify me" subscriptions.',
    status: 200,
    contentType: JSON_TYPE,
    response: NotificationSubscriptionListSchema,
    auth: true,
  },
  {
    id: 'notificationSubscriptions.create',
    method: 'POST',
    path: 'notification-subscription',
    operation: 'create',
    description: 'Subscribes the signed-in member to a back-in-stock email for a product or one variant (a repeat returns the same subscription).',
    status: 201,
    contentType: JSON_TYPE,
    body: NotificationSubscriptionBodySchema,
    response: NotificationSubscriptionResponseSchema,
    auth: true,
  },
  {
    id: 'notificationSubscriptions.subscribe',
    method: 'POST',
    path: 'notification-subscription/subscribe',
    operation: 'create',
    description: 'Anyone: subscribes an email address to a back-in-stock email; answers 202 the same way whether or not it was already subscribed.',
    status: 202,
    contentType: JSON_TYPE,
    body: GuestSubscribeBodySchema,
    response: MessageResponseSchema,
  },
];

/** Names of the `{param}` placeholders of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** The full URL path of an endpoint with its parameters filled in: `/api/web/v1/products/lip-tint`. */
export function endpointUrl(endpoint: Pick<Endpoint, 'path'>, params: Readonly<Record<string, string | number>> = {}): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`endpointUrl: no value for {${name}} in ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}/${path}`;
}
