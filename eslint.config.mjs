// ESLint 9 flat config: TypeScript, React hooks and accessibility rules on the
// elements, the server and the tests. Formatting is Prettier's (npm run format).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/', 'node_modules/', 'data/', 'docs/', 'coverage/', 'test/bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // French typography puts no-break spaces in texts on purpose (UX §7.1); elsewhere they are a slip.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true, skipRegExps: true }],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'elements/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our own controls render a native <select> or <input> inside the label.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['DateSelect', 'PoolSelect'], assert: 'either', depth: 3 }],
    },
  },
  {
    // The server reads the domain as the package publishes it, never a module behind its back.
    files: ['server/**/*.ts', 'demo/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/domain/**'], message: 'Importez le domaine par « transport-quote-wizard/domain ».' }] },
      ],
    },
  },
  {
    // Pages written with the html tagged template (server/pages/html.ts) escape by construction:
    // an escapeHtml call there would mean markup built beside it, by hand.
    files: [
      'server/back-office/booking-page.ts',
      'server/pages/counter-offer-page.ts',
      'server/pages/devis-page.ts',
      'server/pages/devis-acceptance-form.ts',
      'server/pages/follow-page.ts',
      'server/pages/html.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Identifier[name='escapeHtml']",
          message: 'Écrivez la page avec html`…` (server/pages/html.ts) : il échappe tout ce qu’on y met.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
