import type { AccountApi } from '../../src/web/features/account/account-api.ts';
import { createAccountApi } from '../../src/web/features/account/account-api.ts';
import { createSignInApi, type SignInApi } from '../../src/web/features/account/sign-in-api.ts';
import { createFilterCountsApi, type FilterCountsApi } from '../../src/web/features/catalog/filter-counts-api.ts';
import { createListingApi, type ListingApi } from '../../src/web/features/catalog/listing.tsx';
import { createProductApi, type ProductApi } from '../../src/web/features/product/product-api.ts';
import { createSandboxApi, type SandboxApi, type SandboxEmail } from '../../src/web/features/sandbox/sandbox-api.ts';
import { createSearchApi, type SearchApi } from '../../src/web/features/search/search-api.ts';
import { apiFake, type ApiFakes } from '../../src/web/shared/api/api-provider.tsx';
import { createCatalogApi, type CatalogApi } from '../../src/web/shared/api/catalog-api.ts';
import { createLayoutApi, type LayoutApi } from '../../src/web/shared/api/layout-api.ts';
import { fakeAccountApi } from './account-fake.ts';
import { fakeCatalogApi, type FakeCatalogCalls } from './catalog-fake.ts';

/** The outbox as the developer mailbox reads it. */
export function fakeSandboxApi(emails: SandboxEmail[] = []): SandboxApi {
  return { emails: async () => emails };
}

export interface AppApiFakes {
  /** The in-memory catalogue answers the shared catalogue and layout APIs and the listing's; these methods replace its own. */
  catalog?: Partial<CatalogApi & LayoutApi & ListingApi & FilterCountsApi>;
  /** Where the in-memory catalogue records what it was asked. */
  catalogCalls?: FakeCatalogCalls;
  /** Signing in included (`SignInApi`): the in-memory account answers both. */
  account?: Partial<AccountApi & SignInApi>;
  sandbox?: Partial<SandboxApi>;
  /** No in-memory product or search API: without a fake here they come from the client, or are absent. */
  product?: ProductApi;
  search?: SearchApi;
  /** Any other API, keyed by the factory it replaces (`apiFake(createXApi, fake)`). */
  more?: ApiFakes;
}

/**
 * The fakes an app under test gets in place of the APIs its features make from the client
 * (`useApi(factory)`): the in-memory catalogue, account and outbox unless a test passes its own.
 * APIs without a fake here (product, search) come from the test's client, or are absent without one.
 */
export function appApis({ catalog, catalogCalls, account, sandbox, product, search, more }: AppApiFakes = {}): ApiFakes {
  const catalogue = { ...fakeCatalogApi(catalogCalls), ...catalog };
  const accountApi = { ...fakeAccountApi(), ...account };
  return new Map([
    apiFake(createCatalogApi, catalogue),
    apiFake(createLayoutApi, catalogue),
    apiFake(createListingApi, catalogue),
    apiFake(createFilterCountsApi, catalogue),
    apiFake(createAccountApi, accountApi),
    apiFake(createSignInApi, accountApi),
    apiFake(createSandboxApi, { ...fakeSandboxApi(), ...sandbox }),
    ...(product ? [apiFake(createProductApi, product)] : []),
    ...(search ? [apiFake(createSearchApi, search)] : []),
    ...(more ?? []),
  ]);
}
