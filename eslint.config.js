import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web layers (conventions, 1): app/ composes features; a feature uses another only through its public entries
// (features/<name>/index.ts for screens and components, data.ts for queries and cache updates, which loads no
// screen), never its other files, and never imports app/; shared code (lib/, components/) never imports a
// feature or app/.
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url));
const upTo = (depth, path) => Array.from({ length: depth }, (_, i) => `${'../'.repeat(i + 1)}${path}`);
const appImports = {
  group: [...upTo(4, 'app'), ...upTo(4, 'app/*'), '**/app/*'],
  message: 'Only app/ composes: features and shared code do not import it.',
};
const featureBoundaries = features.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...features
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [...upTo(3, `${other}/*`), `**/features/${other}/*`, ...upTo(3, `${other}/data`).map((path) => `!${path}`)],
              message: `Use the ${other} feature through its public entries (features/${other}/index.ts or data.ts), not its files.`,
            })),
          appImports,
        ],
      },
    ],
  },
}));
const sharedBoundaries = {
  files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...upTo(4, 'features'), ...upTo(4, 'features/*'), '**/features/*'],
            message: 'Shared code (lib/, components/) never imports a feature: move this code into its feature.',
          },
          appImports,
        ],
      },
    ],
  },
};

// Server modules reach each other only through a public entry: the other module's `<module>.service.ts`, or
// one of its shared entry files below. Never its queries, jobs or other internals (services.ts composes them).
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url));
const sharedModuleEntries = { auth: ['auth', 'session', 'sign-in-throttle'], live: ['live-bus'] };
const importPaths = (module, file) => [`../${module}/${file}`, `../../${module}/${file}`, `**/modules/${module}/${file}`];
const serverModuleBoundaries = serverModules.map((module) => ({
  files: [`apps/server/src/modules/${module}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: serverModules
          .filter((other) => other !== module)
          .map((other) => {
            const entries = [`${other}.service`, ...(sharedModuleEntries[other] ?? [])];
            return {
              group: [...importPaths(other, '*'), ...entries.flatMap((entry) => importPaths(other, entry).map((path) => `!${path}`))],
              message: `Modules reach ${other}/ only through ${entries.map((entry) => `${entry}.ts`).join(', ')}; pass anything else in from services.ts.`,
            };
          }),
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-native/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      // The native projects (Capacitor): generated, and holding a copy of the web build after `cap sync`.
      'apps/web/android/**',
      'apps/web/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The bugs that hurt servers (conventions, 14).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  // No import cycles anywhere: only this rule of import-x, resolving `@selah/domain/*` and the apps' imports as
  // TypeScript does. `import type` lines do not count (they vanish at run time); packages are not followed.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'tsconfig.json',
            'packages/domain/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts the offline service worker imports (public/push-handler.js) run in a worker scope.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  ...featureBoundaries,
  sharedBoundaries,
  ...serverModuleBoundaries,
);
