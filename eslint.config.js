import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

const staffFeatures = ['auth', 'home', 'staff-users', 'audit', 'patients', 'sessions', 'queue', 'payments', 'orders', 'lab-reports', 'chat', 'video'];

// Neither web app imports the other, and the shared packages import no app (issue 7 §6): what both
// apps need lives in packages/ui or packages/domain.
const appBoundaries = [
  {
    target: './apps/web',
    from: './apps/staff',
    message: 'The patient app never imports the staff console: share through packages/ui or packages/domain.',
  },
  {
    target: './apps/staff',
    from: './apps/web',
    message: 'The staff console never imports the patient app: share through packages/ui or packages/domain.',
  },
  { target: './packages', from: './apps', message: 'Packages never import an app.' },
];
const appPackageImports = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['@careline/web', '@careline/web/*', '@careline/staff', '@careline/staff/*'], message: 'Apps never import each other.' },
      ],
    },
  ],
};

const features = [
  'auth',
  'profiles',
  'consultations',
  'payments',
  'payment-history',
  'orders',
  'lab-reports',
  'questionnaires',
  'chat',
  'video',
  'shell',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**', 'coverage/**', 'packages/contract/src/graphql-env.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use string-literal unions, not enums.' },
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Config files must default-export by their tools' contract.
    files: ['**/vite.config.ts', '**/vitest.config.ts', '**/drizzle.config.ts', '**/lingui.config.ts', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/staff/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks, import: importPlugin },
    languageOptions: { globals: { ...globals.browser } },
    settings: { react: { version: '19' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      'react/no-danger': 'error',
      'react/prop-types': 'off',
      // Features never import each other (STYLE.md); shared needs go to components/, lib/ or domain.
      ...appPackageImports,
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
            ...staffFeatures.map((feature) => ({
              target: `./apps/staff/src/features/${feature}`,
              from: './apps/staff/src/features',
              // Every feature may read the signed-in member's shape from auth's operations.
              except: [`./${feature}`, './auth/api'],
            })),
            ...appBoundaries,
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-dom', 'fs', 'path'], message: 'packages/domain is pure: no I/O, no React.' },
          ],
        },
      ],
    },
  },
);
