import { Suspense } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { PageSkeleton } from '../shared/ui/skeleton.tsx';
import { LAYOUTS } from './layouts/layouts.tsx';
import { ROUTES, type RouteEntry, type RouteParams } from './routes.tsx';
import { NotFoundScreen } from '../shared/ui/not-found-screen.tsx';

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
  const Screen = route.screen;
  return (
    <Layout>
      <Suspense fallback={<PageSkeleton />}>
        <Screen key={location} params={params} />
      </Suspense>
    </Layout>
  );
}
