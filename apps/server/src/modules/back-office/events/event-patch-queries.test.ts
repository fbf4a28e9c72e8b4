import { randomBytes } from 'node:crypto';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioEvent } from '@studio/domain';
import { testConfig, type TestStudio } from '../../../../test/harness.ts';
import { openDatabase } from '../../../platform/db/database.ts';
import { buildStudio } from '../../../studio.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../back-office.fixtures.ts';

/**
 * The route guard computes the caller's scope and loads the event once per request (issue 11):
 * the statements of an event PATCH are counted on a studio whose database counts what it runs.
 */
const statements: string[] = [];
let counting = false;
/** A statement as its kind and the tables it names, e.g. 'select organizations'. */
const described = (node: RootOperationNode): string => {
  const tables = JSON.stringify(node).matchAll(
    /"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"(\w+)"/g,
  );
  const kind = node.kind.replace('QueryNode', '').toLowerCase();
  return `${kind} ${[...new Set([...tables].map((match) => match[1]))].join(',')}`;
};
const counter: KyselyPlugin = {
  transformQuery(args) {
    if (counting) statements.push(described(args.node));
    return args.node;
  },
  transformResult: (args) => Promise.resolve(args.result),
};

let studio: TestStudio;
let api: Api;

beforeAll(async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  const counted = { ...database, db: database.db.withPlugin(counter) };
  const secretKey = randomBytes(32).toString('hex');
  const app = await buildStudio(testConfig, counted, secretKey);
  await app.ready();
  studio = {
    app,
    database: counted,
    secretKey,
    async close() {
      await app.close();
      await database.close();
    },
  };
  api = caller(studio, (await newAdmin(studio, 'Counted Org')).access);
});
afterAll(() => studio.close());

describe('an event PATCH', () => {
  it('computes the scope once and reads the event once before the change (and once for the answer)', async () => {
    const event = await newEvent(api, {
      title: 'Counted',
      start: new Date(Date.now() + 86_400_000),
      end: new Date(Date.now() + 90_000_000),
    });
    statements.length = 0;
    counting = true;
    const patched = await api.patch<StudioEvent>(`/api/event/${event.id}/`, { title: 'Counted again' });
    counting = false;
    expect(patched.status).toBe(200);
    expect(patched.body.title).toBe('Counted again');
    // Before the guard: 15 statements (the scope computed twice, the event and its tags read three times).
    expect(statements).toEqual([
      'select auth_sessions,users', // the caller
      'select organizations', // the scope: the organisation's settings …
      'select workspace_members,workspaces,users', // … the caller's own workspaces …
      'select organization_vanity_domains', // … (part of the organisation's answer)
      'select events,series,workspaces,event_workflows', // the event, loaded once by the guard
      'select event_tags,tags',
      'select event_workflows', // is it ready (not being duplicated)?
      'update events',
      'select events,series,workspaces,event_workflows', // the answer
      'select event_tags,tags',
    ]);
  });
});
