import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory())
  : [];

// One direction of imports: web app → features → shared; features never import each other;
// packages/domain imports nothing from the apps.
const importDirection = [
  { target: './packages/domain', from: './apps' },
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  { target: './apps/web/src/shared', from: './apps/web/src/features' },
  { target: './apps/web/src/shared', from: './apps/web/src/app' },
  { target: './apps/server', from: './apps/web' },
  { target: './apps/web', from: './apps/server' },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature.name}`,
    from: './apps/web/src/features',
    except: [`./${feature.name}`],
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/screenshots/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: importDirection }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
