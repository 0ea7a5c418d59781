// Lint: typescript-eslint's type-checked recommendations over every TypeScript file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_GLOBALS = { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'out/', 'screenshots/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A leading underscore names what is left out on purpose: `const { type: _type, ...props } = block`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Fastify plugins and the Store interface are async by contract, even where a body has nothing to wait for.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: NODE_GLOBALS },
  },
);
