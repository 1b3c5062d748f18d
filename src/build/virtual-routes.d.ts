// The modules src/build/routes-plugin.ts generates from src/web/app/route-manifest.ts.
/* eslint-disable @typescript-eslint/consistent-type-imports -- an ambient module may not import a relative path: our types are named through `import()` types. */

declare module 'virtual:routes' {
  type ScreenModule = { default: import('react').ComponentType<import('../web/shared/screen.ts').ScreenProps> };

  /** One route as the browser needs it: no module path, a first screen's loader. */
  export interface RouteTableEntry {
    readonly path: string;
    readonly layout: import('../web/app/route-manifest.ts').LayoutName;
    /** Only a first screen's: every other screen loads through `virtual:routes/later-screens`. */
    readonly load?: () => Promise<ScreenModule>;
    readonly validate?: import('../web/app/route-manifest.ts').RouteValidator;
    readonly browserOnly?: true;
    readonly sandbox?: true;
  }

  export const ROUTE_TABLE: readonly RouteTableEntry[];
}

declare module 'virtual:routes/later-screens' {
  /** The routes whose screens load through this chunk. */
  export const LATER_SCREEN_PATHS: readonly string[];
  export function loadLaterScreen(path: string): Promise<{ default: import('react').ComponentType<import('../web/shared/screen.ts').ScreenProps> }>;
}

declare module 'virtual:routes/preloads' {
  /** Route pattern → the client build's manifest keys its page preloads. */
  export const SCREEN_MODULES: Readonly<Record<string, readonly string[]>>;
}
