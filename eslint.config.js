// Type-aware linting for TypeScript and Astro files, at zero warnings (npm run lint).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import layers from './eslint/layers.js';

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', '.test-dist/', '.bench/', 'bench-results/', '.data/', 'dealers/schema.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname, extraFileExtensions: ['.astro'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Arrows point down: docs/architecture.md.
    files: ['**/*.{ts,tsx,astro,js,mjs}'],
    plugins: { layers },
    rules: { 'layers/layers': 'error' },
  },
  {
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { parser: tseslint.parser, projectService: false, project: './tsconfig.json', extraFileExtensions: ['.astro'] } },
  },
  {
    // Client scripts inside .astro files are virtual files the type service cannot see.
    files: ['**/*.astro/*.js', '*.astro/*.js', '**/*.astro/*.ts', '*.astro/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
