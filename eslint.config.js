import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { moduleGraph, moduleOf, targetModule } from './scripts/module-graph.js';

/**
 * Module boundaries (issue 11): a server module (`apps/server/src/modules/<a>/`, and each area under
 * `modules/back-office/`) never imports another module's `*.repository.ts` or `*.tables.ts`; an area
 * of the back office takes only another area's `*.service.ts`; a web feature
 * (`apps/web/src/features/<a>/`) never imports another feature. The back office's root files compose
 * its areas and may import them.
 */
const serverModules = /\/apps\/server\/src\/modules\/((?:back-office\/(?=[^/]+\/))?[^/]+)\//;
const webFeatures = /\/apps\/web\/src\/features\/([^/]+)\//;
const ownedByModule = /\.(repository|tables)\.ts$/;

const moduleBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      serverModule:
        "Module '{{from}}' imports '{{source}}', a repository or tables of module '{{to}}': call its service (or a read model it exports).",
      backOfficeArea:
        "Back-office area '{{from}}' imports '{{source}}', an internal of '{{to}}': use its service, or a helper at the back office's root.",
      webFeature:
        "Feature '{{from}}' imports '{{source}}' of feature '{{to}}': share it through api/, ui/ or session/, or compose in app/.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const server = serverModules.exec(file);
    const web = webFeatures.exec(file);
    if (!server && !web) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = path.posix.resolve(path.posix.dirname(file), source.value);
      if (server) {
        const owner = serverModules.exec(target)?.[1];
        const from = server[1];
        // The back office's root (its composition and shared helpers) holds its areas.
        const parentOf = (child) => child.startsWith(`${from}/`);
        const sibling = owner && owner !== from && !parentOf(owner);
        if (sibling && ownedByModule.test(target))
          context.report({
            node: source,
            messageId: 'serverModule',
            data: { from, to: owner, source: source.value },
          });
        // Areas of the back office share its root; of each other they use services only.
        else if (sibling && owner.startsWith('back-office/') && !target.endsWith('.service.ts'))
          context.report({
            node: source,
            messageId: 'backOfficeArea',
            data: { from, to: owner, source: source.value },
          });
      }
      if (web) {
        const owner = webFeatures.exec(target)?.[1];
        if (owner && owner !== web[1])
          context.report({
            node: source,
            messageId: 'webFeature',
            data: { from: web[1], to: owner, source: source.value },
          });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Tables in SQL (issue 11): a module's queries name only its own tables (those its `*.tables.ts`
 * declares); another module's data comes from its service or from a read model it exports
 * (`<area>.read-model.ts`, inside the owner). The back office's areas (events, series, templates,
 * hub pages, tags, workflows) are one owner here: their rows refer to each other in every query.
 * Test support (`*.test.ts`, `*.fixtures.ts`) may arrange any table.
 */
const queryBuilders = new Set([
  'selectFrom',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'updateTable',
  'insertInto',
  'deleteFrom',
  'mergeInto',
]);
const testSupport = /\.(test|fixtures)\.ts$/;
const modulesRoot = path.join(import.meta.dirname, 'apps/server/src/modules');

/** Each table's module, from the `name: SomethingTable` members of every `*.tables.ts`. */
function tableOwners() {
  const owners = new Map();
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.tables.ts')) {
        const owner = serverModules.exec(file.split(path.sep).join('/'))?.[1];
        for (const [, table] of readFileSync(file, 'utf8').matchAll(/^\s+([a-z_]+): \w+Table;/gm))
          owners.set(table, owner);
      }
    }
  };
  visit(modulesRoot);
  return owners;
}
let owners;
const topModule = (module) => module.split('/')[0];

const tableOwnership = {
  meta: {
    type: 'problem',
    messages: {
      foreignTable:
        "Module '{{from}}' names table '{{table}}' of module '{{to}}' in SQL: call its service, or a read model it exports.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const from = serverModules.exec(file)?.[1];
    if (!from || testSupport.test(file)) return {};
    owners ??= tableOwners();
    const check = (node, table) => {
      const to = owners.get(table);
      if (!to || topModule(to) === topModule(from)) return;
      context.report({ node, messageId: 'foreignTable', data: { from, to, table } });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        const [first] = node.arguments;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!queryBuilders.has(callee.property.name)) return;
        if (first?.type === 'Literal' && typeof first.value === 'string')
          check(first, first.value.split(/\s+as\s+/)[0].trim());
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        for (const quasi of node.quasi.quasis)
          for (const [, table] of quasi.value.cooked.matchAll(/\b(?:from|join|update|into)\s+([a-z_]+)/gi))
            check(quasi, table);
      },
    };
  },
};

/**
 * No cycle of modules (issue 32): a module (a server area, a web feature, a package; see
 * scripts/module-graph.js) never imports a module that imports it back, directly or through
 * others; type imports count. The graph is read once per run from every source file; no pair of
 * modules imports each other (the lint test measures it).
 */
let graph;
const paths = new Map();

/** The way from `start` back to `goal` through the graph, or undefined. */
function wayBack(start, goal) {
  const key = `${start} ${goal}`;
  if (paths.has(key)) return paths.get(key);
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  let way;
  while (queue.length > 0 && !way) {
    const module = queue.shift();
    for (const next of graph.get(module)?.keys() ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, module);
      if (next === goal) {
        way = [goal];
        for (let at = module; at !== undefined; at = previous.get(at)) way.unshift(at);
        break;
      }
      queue.push(next);
    }
  }
  paths.set(key, way);
  return way;
}

const noModuleCycles = {
  meta: {
    type: 'problem',
    messages: {
      cycle:
        "Module '{{from}}' imports '{{source}}' of module '{{to}}', which imports it back ({{way}}): invert the dependency (a port the lower module offers, filled at composition) or move the shared part down.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const from = moduleOf(file);
    if (!from) return {};
    graph ??= moduleGraph(import.meta.dirname);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = targetModule(file, source.value);
      if (!to || to === from) return;
      const way = wayBack(to, from);
      if (way)
        context.report({
          node: source,
          messageId: 'cycle',
          data: { from, to, source: source.value, way: way.join(' -> ') },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The boundaries as a config block (exported for the test that proves them). */
export const boundaries = {
  files: [
    'apps/server/src/modules/**/*.ts',
    'apps/web/src/features/**/*.ts',
    'apps/web/src/features/**/*.tsx',
    'packages/*/src/**/*.ts',
  ],
  plugins: {
    studio: {
      rules: {
        'module-boundaries': moduleBoundaries,
        'table-ownership': tableOwnership,
        'no-module-cycles': noModuleCycles,
      },
    },
  },
  rules: {
    'studio/module-boundaries': 'error',
    'studio/table-ownership': 'error',
    'studio/no-module-cycles': 'error',
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  boundaries,
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A studio form checks its own fields (useStudioForm's zod schema from @studio/domain, or its own
    // checks): with the browser's check on, an empty `required` field shows the browser's bubble
    // instead of the spec's 'This field is required.', and the first field in error is not focused.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/attendee/**', 'apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='noValidate']))",
          message:
            "A studio <form> takes noValidate: its own validation (useStudioForm's schema) shows the spec's messages and focuses the first field in error; the browser's check would show its own bubble instead.",
        },
      ],
    },
  },
  {
    // Changes go through each feature's mutation hooks, built on api/studio-mutation.ts (toasts,
    // refreshes and failures one way); screens never build a mutation inline.
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    ignores: [
      'apps/web/src/api/studio-mutation.ts',
      'apps/web/src/**/*.test.ts',
      'apps/web/src/**/*.test.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: "Use the feature api file's mutation hook (useStudioMutation) instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // The web project's files share a worker's modules (vitest.config.ts): a module mock there could
    // find the module already loaded by another file. Mocking files are *.isolated.test.tsx (a
    // vi.doMock after vi.resetModules, imported afresh in its test, is fine anywhere).
    files: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
    ignores: ['apps/web/src/**/*.isolated.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='mock']",
          message:
            'A module mock goes in a *.isolated.test.tsx file (its own modules), or in test-setup.ts for every file.',
        },
      ],
    },
  },
);
