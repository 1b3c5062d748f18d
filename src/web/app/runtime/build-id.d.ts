// Written by src/web/build/buildInfoPlugin.ts at build time; absent in development and tests.
interface ImportMetaEnv {
  readonly VITE_BUILD_ID?: string;
}
