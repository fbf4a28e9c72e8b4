import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of eslint.config.js (issue 11), proven on fixture source placed at module
 * paths: the same config block `npm run lint` uses, with the TypeScript parser and no type checks.
 */
const root = path.resolve(import.meta.dirname, '../../../..');

/** The boundary errors lint reports for this source (its lines) placed at filePath. */
async function boundaryErrors(filePath: string, lines: string | string[]): Promise<string[]> {
  const configUrl = pathToFileURL(path.join(root, 'eslint.config.js')).href;
  const { boundaries } = (await import(configUrl)) as { boundaries: Linter.Config };
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
      boundaries,
    ],
  });
  const code = typeof lines === 'string' ? lines : lines.join('\n');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? ''}: ${message.message}`);
}

/** Lint reports nothing for this source placed at filePath. */
async function expectAllowed(filePath: string, lines: string | string[]) {
  expect(await boundaryErrors(filePath, lines)).toEqual([]);
}

describe('module boundaries (lint)', () => {
  // Each case: source placed at a module path, and exactly the errors lint reports for it.
  const cases = [
    {
      name: "refuses a module importing another module's repository or tables",
      file: 'apps/server/src/modules/users/fixture.ts',
      code: [
        "import { createWorkspacesRepository } from '../workspaces/workspaces.repository.ts';",
        "import type { WorkspacesTables } from '../workspaces/workspaces.tables.ts';",
        'export const x = [createWorkspacesRepository, {} as WorkspacesTables];',
      ],
      errors: [
        "studio/module-boundaries: Module 'users' imports '../workspaces/workspaces.repository.ts', a repository or tables of module 'workspaces': call its service (or a read model it exports).",
        "studio/module-boundaries: Module 'users' imports '../workspaces/workspaces.tables.ts', a repository or tables of module 'workspaces': call its service (or a read model it exports).",
      ],
    },
    {
      name: 'lets a module use its own repository and another module’s service',
      file: 'apps/server/src/modules/users/fixture.ts',
      code: [
        "import { createUsersRepository } from './users.repository.ts';",
        "import type { WorkspacesService } from '../workspaces/workspaces.service.ts';",
        'export const x = [createUsersRepository, {} as WorkspacesService];',
      ],
      errors: [],
    },
    {
      name: 'refuses a web feature importing another feature, and allows shared folders',
      file: 'apps/web/src/features/events/fixture.tsx',
      code: [
        "import { TagsPage } from '../tags/tags-page.tsx';",
        "import { ApiError } from '../../api/api-error.ts';",
        "import { EventForm } from './event-form.tsx';",
        'export const x = [TagsPage, ApiError, EventForm];',
      ],
      errors: [
        "studio/module-boundaries: Feature 'events' imports '../tags/tags-page.tsx' of feature 'tags': share it through api/, ui/ or session/, or compose in app/.",
      ],
    },
    {
      name: 'leaves the aggregate schema (platform/db) free to import every module’s tables',
      file: 'apps/server/src/platform/db/fixture.ts',
      code: [
        "import type { UsersTables } from '../../modules/users/users.tables.ts';",
        'export type X = UsersTables;',
      ],
      errors: [],
    },
    {
      name: "refuses a module's SQL naming another module's table, and allows the owner's read model",
      file: 'apps/server/src/modules/video-library/fixture.ts',
      code: [
        "import { sql, type Kysely } from 'kysely';",
        "import { usersReadModel } from '../users/users.read-model.ts';",
        'declare const db: Kysely<any>;',
        "export const a = db.selectFrom('video_assets').leftJoin('users as u', 'u.id', 'video_assets.created_by');",
        "export const b = db.updateTable('workspaces');",
        'export const c = sql`select 1 from workspace_members where user_id = ${1}`;',
        "export const d = db.selectFrom('video_assets').select(usersReadModel.firstNameOf('video_assets.created_by').as('n'));",
      ],
      errors: [
        "studio/table-ownership: Module 'video-library' names table 'users' of module 'users' in SQL: call its service, or a read model it exports.",
        "studio/table-ownership: Module 'video-library' names table 'workspaces' of module 'workspaces' in SQL: call its service, or a read model it exports.",
        "studio/table-ownership: Module 'video-library' names table 'workspace_members' of module 'workspaces' in SQL: call its service, or a read model it exports.",
      ],
    },
  ];
  for (const { name, file, code, errors } of cases)
    it(name, async () => {
      expect(await boundaryErrors(file, code)).toEqual(errors);
    });

  it("keeps the back office's areas apart: another area's service only; the root composes them", async () => {
    const fromSeries = await boundaryErrors('apps/server/src/modules/back-office/series/fixture.ts', [
      "import { createOccurrences } from '../events/occurrences.ts';",
      "import { createEventsRepository } from '../events/events.repository.ts';",
      "import type { EventsService } from '../events/events.service.ts';",
      "import { createScopes } from '../event-scope.ts';",
      'export const x = [createOccurrences, createEventsRepository, {} as EventsService, createScopes];',
    ]);
    expect(fromSeries).toHaveLength(2);
    expect(fromSeries[0]).toContain(
      "Back-office area 'back-office/series' imports '../events/occurrences.ts'",
    );
    expect(fromSeries[1]).toContain("Module 'back-office/series' imports '../events/events.repository.ts'");
    await expectAllowed(
      'apps/server/src/modules/back-office/back-office.ts',
      "import { createEventsRepository } from './events/events.repository.ts';\nexport const x = createEventsRepository;",
    );
  });

  it("lets the back office's areas read each other's tables, and test support arrange any table", async () => {
    await expectAllowed(
      'apps/server/src/modules/back-office/series/fixture.ts',
      "declare const db: import('kysely').Kysely<any>;\nexport const x = db.selectFrom('events').innerJoin('tags', 'tags.id', 'events.id');",
    );
    await expectAllowed(
      'apps/server/src/modules/video-library/video-library.fixtures.ts',
      "declare const db: import('kysely').Kysely<any>;\nexport const x = db.insertInto('users');",
    );
  });
});

describe('no cycle of modules (lint)', () => {
  it('finds no pair of modules importing each other', async () => {
    const graph = (await import(pathToFileURL(path.join(root, 'scripts/module-graph.js')).href)) as {
      moduleGraph: (root: string) => unknown;
      mutualPairs: (graph: unknown) => string[];
    };
    expect(graph.mutualPairs(graph.moduleGraph(root))).toEqual([]);
  });

  it('refuses an import of a module that imports the importer back, directly or through others', async () => {
    const direct = await boundaryErrors(
      'packages/domain/src/fixture.ts',
      "import type { UsersService } from '../../../apps/server/src/modules/users/users.service.ts';\nexport type X = UsersService;",
    );
    expect(direct).toEqual([
      "studio/no-module-cycles: Module 'package:domain' imports '../../../apps/server/src/modules/users/users.service.ts' of module 'users', which imports it back (users -> package:domain): invert the dependency (a port the lower module offers, filled at composition) or move the shared part down.",
    ]);
    const through = await boundaryErrors(
      'packages/media/src/fixture.ts',
      "export { createHomeService } from '../../../apps/server/src/modules/home/home.service.ts';",
    );
    expect(through).toHaveLength(1);
    expect(through[0]).toContain('(home -> video-library -> package:media)');
  });

  it('lets a module import one below it, and test support import any module', async () => {
    await expectAllowed(
      'apps/server/src/modules/home/fixture.ts',
      "import { messages } from '@studio/domain';\nexport const x = messages;",
    );
    await expectAllowed(
      'packages/domain/src/fixture.test.ts',
      "import type { UsersService } from '../../../apps/server/src/modules/users/users.service.ts';\nexport type X = UsersService;",
    );
  });
});
