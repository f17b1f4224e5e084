import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The server's bounded contexts (docs/architecture.md): apps, domains, clusters, intelligence, account.
const serverContexts = fs.existsSync('apps/server/src/modules')
  ? fs
      .readdirSync('apps/server/src/modules', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

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
  // Server: the platform never imports a module.
  { target: './apps/server/src/platform', from: './apps/server/src/modules' },
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
      'apps/server/src/platform/db/migrations/**',
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
    // A server a newcomer can read: functions fit on a screen.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
      // A file is as long as its one concept needs: past 600 lines, look for a second concept.
      'max-lines': ['warn', { max: 600, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // A context is reached only through its public face, `<context>.public.ts`. Tests assemble
    // the whole app and may reach any file. Import cycles are dpdm's (`npm run lint`).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...importDirection,
            ...serverContexts.map((context) => ({
              target: `./apps/server/src/modules/!(${context})/**/*`,
              from: `./apps/server/src/modules/${context}`,
              except: [`./${context}.public.ts`],
              message: `Import the ${context} context through ${context}.public.ts.`,
            })),
          ],
        },
      ],
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
  {
    // A component fits on a screen and a half (docs/architecture.md).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // /home's budget (docs/frontend-performance.md): the signed-in shell and the home page load no
    // antd; pages bring it with lazyAntdPart.
    files: [
      'apps/web/src/app/layout/**/*.{ts,tsx}',
      'apps/web/src/features/home/**/*.{ts,tsx}',
      'apps/web/src/features/dashboard/**/*.{ts,tsx}',
      'apps/web/src/features/apps/components/app-list.tsx',
      'apps/web/src/shared/components/{menu-button,svg-icon,skeleton-block,logo,visually-hidden}.tsx',
      'apps/web/src/shared/components/world-map/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd', message: 'The shell loads no antd: see docs/frontend-performance.md.' },
          ],
          patterns: [
            {
              group: ['@ant-design/icons', '@ant-design/icons/*'],
              message: 'Draw icons with SvgIcon and @ant-design/icons-svg.',
            },
          ],
        },
      ],
    },
  },
);
