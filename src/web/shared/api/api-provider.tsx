import { createContext, useContext, type ReactNode } from 'react';
import type { CatalogApi } from './catalog-api.ts';

const CatalogApiContext = createContext<CatalogApi | null>(null);

export function CatalogApiProvider({ api, children }: { api: CatalogApi; children: ReactNode }) {
  return <CatalogApiContext.Provider value={api}>{children}</CatalogApiContext.Provider>;
}

export function useCatalogApi(): CatalogApi {
  const api = useContext(CatalogApiContext);
  if (!api) throw new Error('useCatalogApi() needs a <CatalogApiProvider>');
  return api;
}
