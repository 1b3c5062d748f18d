import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTE_TABLE } from 'virtual:routes';
import { isSlug, SLUG_PATTERN } from '../../contract/patterns.ts';
import { sandboxEnabled } from '../features/sandbox/gate.ts';
import type { LayoutName, RouteValidator } from './route-manifest.ts';
import type { RouteParams, ScreenProps } from '../shared/screen.ts';

export type { LayoutName, RouteParams, ScreenProps };

export interface RouteEntry {
  /** wouter pattern; optional segments end in `?`. */
  path: string;
  layout: LayoutName;
  /** Each screen is its own chunk. */
  screen: LazyScreen;
  /** A route validator (spec §5): false shows "Page Not Found: {path}". */
  validate?: (params: RouteParams) => boolean;
  /** The screen reads the browser's address or document as it starts: the server renders its skeleton. */
  browserOnly?: boolean;
}

/** A screen's chunk, which a navigation starts loading beside the page's payload. */
export type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>> & { preload?: () => unknown };

function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): LazyScreen {
  // `import()` is loaded once per module: preloading and then rendering fetch the chunk once.
  return Object.assign(lazy(load), { preload: load });
}

/** A screen that is no storefront first screen, through the one chunk that loads them all (docs/decisions/019-later-screens-one-loader.md). */
function laterScreen(path: string): LazyScreen {
  return lazyScreen(() => import('virtual:routes/later-screens').then((screens) => screens.loadLaterScreen(path)));
}

export function isCategoryPath(params: RouteParams): boolean {
  return [params.top, params.category, params.sub].every((segment) => segment === undefined || SLUG_PATTERN.test(segment));
}

export function isProductSlug(params: RouteParams): boolean {
  return isSlug(params.slug ?? '');
}

const VALIDATORS: Readonly<Record<RouteValidator, (params: RouteParams) => boolean>> = { categoryPath: isCategoryPath, productSlug: isProductSlug };

/**
 * The one route table of the SPA, made from the route manifest (route-manifest.ts: a new screen is
 * one entry there). Developer pages are absent when the sandbox is off, so `/sandbox/...` is a plain 404.
 */
export const ROUTES: readonly RouteEntry[] = ROUTE_TABLE.filter((route) => !route.sandbox || sandboxEnabled()).map(({ path, layout, load, validate, browserOnly }) => ({
  path,
  layout,
  screen: load ? lazyScreen(load) : laterScreen(path),
  ...(validate ? { validate: VALIDATORS[validate] } : {}),
  ...(browserOnly ? { browserOnly } : {}),
}));
