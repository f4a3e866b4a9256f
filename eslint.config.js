// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';

// Typed linting: the TypeScript rules that need type information run on every .ts/.tsx file.
export default defineConfig(
  { ignores: ['dist/', '.astro/', '.data/', 'node_modules/', '.netlify/', 'public/pagefind/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.recommendedTypeChecked,
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
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
);
