// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import { defineConfig } from 'eslint/config';

// Typed linting: the TypeScript rules that need type information run on every .ts/.tsx file.
export default defineConfig(
  { ignores: ['dist/', '.astro/', '.cache/', '.data/', 'node_modules/', '.netlify/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.recommendedTypeChecked,
  // .astro files: frontmatter, template expressions and <script> blocks (linted as virtual
  // `*.astro/*.ts` files), with the plugin's recommended rules.
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Handlers keep the async signature of the interface they implement even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // React and DOM event props accept promise-returning handlers; rejections are handled inside.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // The one import rule (docs/architecture.md, "Layers"): src/shared/ is the isomorphic layer (no DOM,
  // no node:), and the server and the site meet only there. The runtime imports nothing else of src/
  // (not the build's integrations or helpers either), and the browser never imports the server.
  {
    files: ['server/**', 'netlify/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/src/islands/**',
                '**/src/components/**',
                '**/src/layouts/**',
                '**/src/pages/**',
                '**/src/integrations/**',
                '**/src/lib/**',
                '**/src/site*',
                '**/src/content*',
              ],
              message: 'Server code imports from src/ only through src/shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**', 'src/components/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/netlify/**'],
              message: 'Browser code reaches the server only through src/shared/.',
            },
            { group: ['node:*'], message: 'Browser code: no node: modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/shared/ runs in the browser too: no node: modules.' },
            {
              group: ['../*', 'react', 'react-dom', 'react-dom/*'],
              message: 'src/shared/ imports only itself and zod.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'process', 'Buffer'],
    },
  },
  // One configuration surface (README, "Configuration"): the environment is read only in server/settings.ts.
  {
    files: ['server/**', 'netlify/**'],
    ignores: ['server/settings.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through server/settings.ts.' },
      ],
    },
  },
  // UI strings live in src/shared/messages/ (docs/architecture.md): no literal text in an island's JSX.
  {
    files: ['src/islands/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/[A-Za-z]/]',
          message: 'Put user-facing text in src/shared/messages/ and read it from there.',
        },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|title|alt|placeholder)$/] > Literal[value=/[A-Za-z]/]',
          message: 'Put user-facing text in src/shared/messages/ and read it from there.',
        },
      ],
    },
  },
  // Pages, layouts and components run at build time or in the browser: never the server.
  {
    files: ['src/**/*.astro'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/netlify/**'],
              message: 'Pages and components reach the server only through src/shared/.',
            },
          ],
        },
      ],
    },
  },
  // One job per file (docs/decisions.md, "File length"): production source stays under 350 lines,
  // blank lines and comments included. Tests are not counted; tests/support/ is.
  {
    files: [
      'src/**/*.{ts,tsx,astro}',
      'server/**/*.{ts,tsx}',
      'netlify/**/*.ts',
      'scripts/**/*.ts',
      'keystatic/**/*.{ts,tsx}',
      '*.config.ts',
      'tests/support/**/*.ts',
    ],
    rules: { 'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }] },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  // Typed rules need a TypeScript program; .astro files and their scripts are checked by astro check.
  { files: ['**/*.astro', '**/*.astro/*.ts', '**/*.astro/*.js'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
);
