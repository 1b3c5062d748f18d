// @ts-check
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (README.md, "Rules that keep it so"): shared code flows one way, into the SPA
 * and the server.
 */
const boundary = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/**
 * The SPA's house rules (README, "What is where"): code flows shared → features → app. `shared/`
 * imports no feature and not the shell; a feature imports no other feature and not the shell. The
 * feature list is read from the folder, so a new feature is walled in from its first file.
 */
const FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const houseZones = [
  { target: './src/web/shared', from: './src/web/features', message: 'shared/ imports no feature: move what several features need into shared/.' },
  { target: './src/web/shared', from: './src/web/app', message: 'shared/ never imports the shell (src/web/app).' },
  { target: './src/web/features', from: './src/web/app', message: 'Features never import the shell (src/web/app); the shell imports features.' },
  // A route is the HTTP edge of one resource: what two routes share is a domain module (src/server/account/, auth/, preview/ …).
  { target: './src/server/routes', from: './src/server/routes', message: 'A route never imports another route: move what both need into a domain module (src/server/account/, src/server/preview/ …).' },
  ...FEATURES.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Features never import each other: what two features share belongs in src/web/shared/ (or src/contract, src/config).',
  })),
];

const SERVER_NOT_SPA = { group: ['**/web/**', '**/web', 'react', 'react-dom', 'ofetch', '**/machines/**'], message: 'The server never imports the SPA: share code through src/contract or src/config.' };
const DATABASE_DRIVERS = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg', 'drizzle-orm/pglite', 'drizzle-orm/node-postgres', 'drizzle-orm/pglite/*', 'drizzle-orm/node-postgres/*'];
/** The files that hold the drivers' clients: the query module and the connection. */
const DATABASE_CLIENT_FILES = ['src/server/db/query.ts', 'src/server/db/client.ts'];
const SQL_RAW = {
  selector: "CallExpression[callee.object.name='sql'][callee.property.name='raw']",
  message: 'No SQL text with values written in: pass values through the `sql` template (bound parameters), names through `sql.identifier`; a schema constant through src/server/db/sql-literal.ts.',
};
const PRIVATE_DRIVER_API = {
  selector: 'MemberExpression[property.name=/^(execProtocol|execProtocolRaw|execProtocolStream|_checkReady|_runExclusiveQuery|_runExclusiveTransaction)$/]',
  message: "No driver internals or raw protocol messages: PGlite's `query` and `exec` are its public API.",
};
const DRIVER_CLIENT = {
  selector: "MemberExpression[property.name='$client']",
  message: 'SQL runs through src/server/db/query.ts (queryRows, jsonOf, batch) or drizzle, not the driver underneath.',
};
/**
 * One way for a view to read a machine (docs/machines.md, "View-models"): `useView(actor, connect,
 * select)` from src/web/shared/hooks/use-view.ts, never the whole snapshot into a connect on every
 * render. `viewNow(actor, connect)` is the event handler's read of the snapshot now.
 */
const VIEW_READS = 'A view reads a machine with useView(actor, connect, select) (src/web/shared/hooks/use-view.ts), or viewNow(actor, connect) in an event handler: never the whole snapshot.';
const wholeSnapshot = [
  { selector: "ImportSpecifier[imported.name=/^(useMachine|useActor)$/]", message: `${VIEW_READS} useMachine and useActor re-render on every snapshot: start the actor with useActorRef or useScreenActor.` },
  { selector: "CallExpression[callee.name='useSelector'] > ArrowFunctionExpression[body.type='Identifier']", message: `${VIEW_READS} A selector that returns the snapshot re-renders on every event.` },
  { selector: "VariableDeclarator > CallExpression.init[callee.name=/Connect$/][arguments.0.type='Identifier']", message: VIEW_READS },
  { selector: "ReturnStatement > CallExpression.argument[callee.name=/Connect$/][arguments.0.type='Identifier']", message: VIEW_READS },
];
const viewReads = [
  ...wholeSnapshot,
  { selector: "CallExpression[callee.name='useSelector']", message: VIEW_READS },
  { selector: "CallExpression[callee.name=/Connect$/][arguments.0.type='CallExpression']", message: VIEW_READS },
];

export default tseslint.config(
  { ignores: ['dist/**', '.tmp/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'i18n/*.ts', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { import: importPlugin, 'check-file': checkFile },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Packages are not ours to check for cycles (and some ship code the parser cannot read).
      'import/ignore': ['node_modules'],
    },
    rules: {
      // A cycle makes load order matter and hides which module owns what. A lazy chunk that imports
      // back the module that loads it is code splitting, not a cycle: that module was evaluated first.
      'import/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import/no-restricted-paths': ['error', { zones: houseZones }],
      // One naming convention for every file and folder: kebab-case, with role suffixes (`.machine.ts`, `.test.tsx`).
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{src,machines,tests}/**/': 'KEBAB_CASE' }],
    },
  },
  { files: ['src/web/**/*.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', ...wholeSnapshot] } },
  // The features' views and the shared form and hook modules have no other way (the hook itself aside).
  {
    files: ['src/web/features/**/*.{ts,tsx}', 'src/web/shared/forms/**/*.{ts,tsx}', 'src/web/shared/hooks/**/*.{ts,tsx}', 'src/web/shared/bag/**/*.{ts,tsx}'],
    ignores: ['src/web/shared/hooks/use-view.ts'],
    rules: { 'no-restricted-syntax': ['error', ...viewReads] },
  },
  boundary(
    ['machines/**/*.ts'],
    [
      { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react', 'wouter', 'wouter/*'], message: 'Machines are pure: no React, no router. Views subscribe to machines, not the reverse.' },
      { group: ['ofetch', '**/web/api/**', '**/web/api'], message: 'Machines never call the API: the app provides actors that do.' },
      { group: ['**/src/server/**', '**/server/**', '**/src/web/**', '**/web/**'], message: 'Machines may import src/contract and src/config only.' },
    ],
  ),
  boundary(
    ['src/web/**/*.{ts,tsx}'],
    // `!react-dom/server`: React's own server renderer, which the server entry (entry-server.tsx) uses, is not ours.
    [{ group: ['**/server/**', '**/server', '!react-dom/server', 'hono', 'hono/*', '@hono/*', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'pg'], message: 'The SPA never imports the server: share code through src/contract or src/config.' }],
  ),
  boundary(['src/server/**/*.ts'], [SERVER_NOT_SPA, { group: DATABASE_DRIVERS, message: 'SQL runs through src/server/db/query.ts (values bound); the drivers are opened in src/server/db/ only.' }]),
  boundary(['src/server/db/**/*.ts'], [SERVER_NOT_SPA]),
  // One way to the database (docs/decisions/028-one-query-module.md): values reach SQL as bound
  // parameters, never as text written in, and only through the drivers' public API.
  // src/web is left out: it cannot import drizzle or the drivers (its boundary), and its own
  // no-restricted-syntax list (the view reads above) would be replaced by this one.
  { files: ['src/**/*.{ts,tsx}'], ignores: ['src/web/**', 'src/server/db/sql-literal.ts', ...DATABASE_CLIENT_FILES], rules: { 'no-restricted-syntax': ['error', SQL_RAW, PRIVATE_DRIVER_API, DRIVER_CLIENT] } },
  { files: DATABASE_CLIENT_FILES, rules: { 'no-restricted-syntax': ['error', SQL_RAW, PRIVATE_DRIVER_API] } },
  boundary(
    ['src/contract/**/*.ts', 'src/config/**/*.ts'],
    [{ group: ['**/server/**', '**/web/**', '**/machines/**', 'react', 'hono', 'drizzle-orm', 'drizzle-orm/*', 'ofetch'], message: 'Contract and config are shared leaves: they import only each other and valibot.' }],
  ),
);
