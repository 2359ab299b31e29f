import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Client features may not import each other: they share through client/src/lib or shared/.
const features = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./client/src/features/${name}`,
  from: './client/src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; move shared code to client/src/lib or shared/.',
}));

// Server modules (every folder of server/ but core) meet only through each other's index.ts, and
// core, which every module stands on, imports none of them, not even types: a module adds its tables
// and events to core's types itself (declaration merging, in its <m>.table.ts and <m>.events.ts).
const serverModules = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'core')
  .map((entry) => entry.name);
const moduleZones = serverModules.flatMap((name) =>
  serverModules
    .filter((other) => other !== name)
    .map((other) => ({
      target: `./server/${name}`,
      from: `./server/${other}`,
      except: ['./index.ts'],
      message: `Modules meet through each other's index.ts: import from '../${other}', not its internals.`,
    })),
);
const coreZones = serverModules.map((name) => ({
  target: './server/core',
  from: `./server/${name}`,
  message: 'server/core imports no module: modules stand on the core, not the other way round.',
}));

const layerZones = [
  { target: './shared', from: './client', message: 'shared/ is pure: it imports nothing from client/.' },
  { target: './shared', from: './server', message: 'shared/ is pure: it imports nothing from server/.' },
  { target: './client', from: './server', message: 'The client talks to the server over HTTP only.' },
  { target: './server', from: './client', message: 'The server does not import client code.' },
  { target: './client/src/features', from: './client/src/app', message: 'Features do not import the app shell; share through client/src/lib.' },
  { target: './client/src/lib', from: './client/src/app', message: 'lib/ sits below the app shell.' },
  { target: './client/src/lib', from: './client/src/features', message: 'lib/ sits below the features.' },
  ...featureZones,
  ...moduleZones,
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', 'tests/artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `interface DB extends QuotesTables {}`: how a module adds its tables to core's database type.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...coreZones] }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'react', 'react-dom', 'express', 'axios'], message: 'shared/ is pure: no I/O, no framework.' }] },
      ],
      'no-restricted-globals': ['error', 'process', 'window', 'document', 'localStorage', 'fetch'],
    },
  },
  {
    // Cycles are looked for in the product's code (what ships); a test file, which imports half the
    // server, made this rule two thirds of the lint's time.
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['server/**/*.ts', 'client/**/*.{ts,tsx}'],
    ignores: ['server/core/env.ts', 'server/index.ts', 'server/config/schema-store/cli.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment once, in server/core/env.ts (parseEnv).' }],
    },
  },
);
