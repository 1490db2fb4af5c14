// One lint set-up for the monorepo: typescript-eslint's recommended rules on every workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

// Boundaries between workspaces (ARCHITECTURE.md): a service never imports another service (they talk
// through events and HTTP contracts), a shared package never imports a service, the gateway or an app,
// and nobody reaches into another workspace's src/ (import what its package exports). The service
// list is read from services/, so a new service is covered without editing this file.
const services = readdirSync(new URL('./services', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const deepImport = {
  regex: '^@beatmatch/[^/]+/src(/|$)',
  message:
    "Import what the workspace's package exports (its package.json exports map), not a file under its src/.",
};
const notServices = (names, why) => [
  { regex: `^@beatmatch/(${names.join('|')})(/|$)`, message: why },
  { regex: `^(\\.\\./)+(services/)?(${names.join('|')})/`, message: why },
];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const boundaries = [
  { files: ['**/*.{ts,tsx,mjs,js}'], rules: restrict([deepImport]) },
  ...services.map((service) => ({
    files: [`services/${service}/**/*.{ts,tsx}`],
    rules: restrict([
      deepImport,
      ...notServices(
        [...services.filter((other) => other !== service), 'gateway', 'embedded'],
        'A service does not import another service, the gateway or an app: use events and the contracts package.',
      ),
    ]),
  })),
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: restrict([
      deepImport,
      ...notServices(
        [...services, 'gateway', 'embedded'],
        'A shared package does not import a service, the gateway or an app.',
      ),
      {
        regex: '^(\\.\\./)+(services|gateway|apps)/',
        message: 'A shared package does not import a service, the gateway or an app.',
      },
    ]),
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  ...boundaries,
  {
    files: ['frontends/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Small rooms: a source file holds one idea and a function fits on a screen. Tests, benches and
    // generated files are exempt (a spec reads best as one list of cases).
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', 'bench/**', 'e2e/**', 'e2e-distributed/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    // Tool configs (rspack) are CommonJS.
    files: ['**/*.config.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
