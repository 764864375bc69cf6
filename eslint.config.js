// The lint: ESLint with typescript-eslint (docs/decisions/0008-format-and-lint.md says why these and not Biome).
// Prettier formats; this checks what a formatter cannot: promises left floating, unused code, how types are
// imported, and a written reason beside each non-null assertion and each `as unknown as`.
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import stylistic from '@stylistic/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Prettier's width (.prettierrc.json): what it cannot break (a long string, a comment) is broken by hand. */
const WIDTH = 120;

export default tseslint.config(
  { ignores: ['dist/', 'tools/dist/', 'packages/*/dist/', 'generated/', 'coverage/', 'test-results/', 'reports/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  comments.recommended,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@stylistic': stylistic },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' },
      ],
      // A non-null assertion or a double cast is allowed where a comment beside it says why it holds.
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
          message: '`as unknown as` drops every type check: say why it holds in an eslint-disable comment, or type it.',
        },
      ],
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
      '@stylistic/max-len': ['error', { code: WIDTH, ignoreUrls: false }],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
  // The admin page's script (admin/app.js) runs in the browser, as a classic script.
  { files: ['admin/*.js'], languageOptions: { globals: globals.browser, sourceType: 'script' } },
  // The bin is CommonJS on purpose (src/bin.cts: it starts from V8's code cache): require is its import.
  { files: ['**/*.cts'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    // In a test, a value that is not there fails the test on the line that assumed it: the assertion is the check.
    files: ['test/**', 'src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
