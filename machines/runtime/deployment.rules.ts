import type { RouteRule } from '../../src/contract/build.ts';

export type RouteRedirect = { kind: 'external'; href: string } | { kind: 'internal'; path: string };

/** Path part of `/a/b?x=1#top`: rules match paths, not queries. */
export function pathOf(to: string): string {
  const end = to.search(/[?#]/);
  return end < 0 ? to : to.slice(0, end);
}

function matches(rule: RouteRule, path: string): boolean {
  if (rule.match.endsWith('*')) return path.startsWith(rule.match.slice(0, -1));
  return path === rule.match;
}

/**
 * The first rule of the build manifest that matches `to` (exact, or prefix when the rule ends in
 * `*`). A redirect to where the shopper already is is ignored, so a careless rule cannot loop.
 */
export function findRouteRedirect(rules: readonly RouteRule[], to: string): RouteRedirect | null {
  const path = pathOf(to);
  const rule = rules.find((candidate) => matches(candidate, path));
  if (!rule) return null;
  if (/^https?:\/\//i.test(rule.redirect)) return { kind: 'external', href: rule.redirect };
  if (pathOf(rule.redirect) === path) return null;
  return { kind: 'internal', path: rule.redirect };
}
