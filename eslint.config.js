// ESLint (flat config): `npm run lint`, run by CI (scripts/test-all.sh). The house rules:
// ESLint's and typescript-eslint's recommended sets, React's hook rules, and no import
// cycles (import-x/no-cycle, type-only imports aside: they vanish when compiled).
// Formatting is Prettier's (npm run format), not ESLint's. A finding is fixed in the
// code; where a rule must give way, an eslint-disable-next-line comment on that line
// says why. docs/architecture.md, "House style", says what runs where.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-cli/',
      '.tsbuild/',
      '.cache/',
      'node_modules/',
      'wasm-core/build/',
      'test-results/',
      'playwright-report/',
      // generated (npm run gen): its generator is the source
      'src/core/report-types.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      // the sources import each other as .js (TypeScript's NodeNext and bundler style)
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Node: the scripts, the configs, the CLI, the build plugins, the e2e specs
    files: [
      'scripts/**',
      'bin/**',
      '**/*.mjs',
      '*.config.*',
      'src/cli/**',
      'src/build/**',
      'e2e/**',
      '**/*-node.ts',
      '**/*.test.ts',
      'src/**/*-plugin.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
);
