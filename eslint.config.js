// One lint setup for the whole repo: ESLint + typescript-eslint (type-aware), React hooks rules for the web app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';
import globals from 'globals';

// The web app's layers, bottom up: lib (no app code), components (shared UI), features (one folder per
// domain feature), shell (the app's frame: layout, navigation, footer), routes (screens composing
// features). A layer imports only from the layers below it. A feature's folder is private: other features,
// the shell and the app's root files reach it only through its index.ts; routes compose features and may
// import their screens directly.
const web = 'apps/web/src';
const features = fs
  .readdirSync(path.join(import.meta.dirname, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerZones = [
  { target: `${web}/lib`, from: [`${web}/components`, `${web}/features`, `${web}/shell`, `${web}/routes`] },
  { target: `${web}/components`, from: [`${web}/features`, `${web}/shell`, `${web}/routes`] },
  { target: `${web}/features`, from: [`${web}/shell`, `${web}/routes`] },
  { target: `${web}/shell`, from: [`${web}/routes`] },
].map((zone) => ({ ...zone, message: 'A layer of the web app imports only from the layers below it.' }));
const featureZones = features.map((name) => ({
  target: [
    ...features.filter((other) => other !== name).map((other) => `${web}/features/${other}`),
    `${web}/shell`,
    `${web}/components`,
    `${web}/lib`,
    `${web}/*.{ts,tsx}`,
  ],
  from: `${web}/features/${name}`,
  except: ['./index.ts'],
  message: `Import the ${name} feature through its index.ts, not its internals.`,
}));
// The project page is composed by its route (routes/project.tsx) from project-detail and the parts other
// features give it (donations, the owner's actions, checking in): none of them imports another, not even
// through its index.ts.
const projectPageParts = ['check-in', 'donations', 'project-owner'];
const projectPageZones = [
  {
    target: `${web}/features/project-detail`,
    from: projectPageParts.map((name) => `${web}/features/${name}`),
    message: 'routes/project.tsx composes the project page: project-detail does not import its parts.',
  },
  ...projectPageParts.map((name) => ({
    target: `${web}/features/${name}`,
    from: [
      `${web}/features/project-detail`,
      ...projectPageParts.filter((other) => other !== name).map((other) => `${web}/features/${other}`),
    ],
    message: 'routes/project.tsx composes the project page: its parts do not import each other.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tmp/**',
      '**/drizzle/meta/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [`${web}/**/*.ts`, `${web}/**/*.tsx`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // Which files import-x reads to follow imports (no-cycle): the app's TypeScript too.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones, ...featureZones, ...projectPageZones] },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'apps/server/src/seed/cli.ts',
      'apps/server/src/cli/**',
      '**/*.config.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
