/** What the route table gives a screen: wouter's named segments (`/products/:slug` → `{ slug }`). */
export type RouteParams = Record<string, string | undefined>;

export interface ScreenProps {
  params: RouteParams;
}
