import { Suspense } from 'react';
import { matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import { PageSkeleton } from '../shared/ui/skeleton.tsx';
import { LAYOUTS } from './layouts/layouts.tsx';
import { ROUTES, type RouteEntry, type RouteParams } from './routes.tsx';
import { NotFoundScreen } from '../shared/ui/not-found-screen.tsx';
import { AfterHydration } from '../shared/ssr/use-hydrated.ts';
import { useServerRender } from '../shared/ssr/server-render.tsx';
import { PagePayload, usePayloadNavigation } from './page-payload.tsx';

export function findRoute(parser: ReturnType<typeof useRouter>['parser'], path: string): { route: RouteEntry; params: RouteParams } | null {
  for (const route of ROUTES) {
    const [matches, params] = matchRoute(parser, route.path, path);
    if (matches) return { route, params: { ...params } as RouteParams };
  }
  return null;
}

/** Renders the route table: first match wins, its layout wraps its lazy screen. */
export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const navigation = usePayloadNavigation();
  const server = useServerRender();
  const { parser } = useRouter();
  const match = findRoute(parser, location);
  if (!match) {
    const Layout = LAYOUTS.default;
    return (
      <Layout>
        <NotFoundScreen path={location} reason="unknown" />
      </Layout>
    );
  }
  const { route, params } = match;
  const Layout = LAYOUTS[route.layout];
  if (route.validate && !route.validate(params)) {
    return (
      <Layout>
        <NotFoundScreen path={location} reason="invalid" />
      </Layout>
    );
  }
  if (server) server.route = route.path;
  const Screen = route.screen;
  const screen = route.browserOnly ? (
    <AfterHydration fallback={<PageSkeleton />}>
      <Screen key={location} params={params} />
    </AfterHydration>
  ) : (
    <Screen key={location} params={params} />
  );
  // A page navigated to after a server-rendered one: its machines come from its payload, while its code loads.
  const fromPayload = navigation !== null && location !== navigation.initialPath && !route.browserOnly;
  if (fromPayload) route.screen.preload?.();
  return (
    <Layout>
      <Suspense fallback={<PageSkeleton />}>
        {fromPayload ? (
          <PagePayload pathname={location} search={search} load={navigation.load}>
            {screen}
          </PagePayload>
        ) : (
          screen
        )}
      </Suspense>
    </Layout>
  );
}
