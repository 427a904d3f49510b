// ESLint: typescript-eslint's type-checked recommended rules and the rules of hooks (the Remix config's core, in
// flat config). Type-checked rules read the types tsc sees (tsconfig.json, through the project service).
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'build-*/**',
      'node_modules/**',
      'test-results*/**',
      'playwright-report/**',
      'tests/.tmp/**',
      'app/generated/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Plain JavaScript (config files, scripts/*.mjs, server.js) is outside tsconfig.json: no types to check with.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      // Remix's idiom is `throw redirect(...)` / `throw data(...)`: a thrown Response, or a page's data with its
      // status (single fetch, docs/decisions/194-single-fetch.md), is the route's answer.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: '@remix-run/server-runtime', name: 'TypedResponse' },
            { from: 'package', package: '@remix-run/router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      // React and Remix accept async event handlers (onSubmit, onClick) and ignore what they return.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Tests read JSON answers (`Response.json()` is `any`) and hand them to expect(), which takes anything: typing
    // every body would add casts, not safety. The app's own code keeps these rules.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
