import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioEvent } from '@studio/domain';
import { createCountingStudio, type CountingStudio } from '../../../../test/statement-counter.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../back-office.fixtures.ts';

/**
 * The route guard computes the caller's scope and loads the event once per request (issue 11):
 * the statements of an event PATCH are counted on a studio whose database counts what it runs.
 */
let studio: CountingStudio;
let api: Api;

beforeAll(async () => {
  studio = await createCountingStudio();
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
    let patched!: { status: number; body: StudioEvent };
    const statements = await studio.statementsOf(async () => {
      patched = await api.patch<StudioEvent>(`/api/event/${event.id}/`, { title: 'Counted again' });
    });
    expect(patched.status).toBe(200);
    expect(patched.body.title).toBe('Counted again');
    // Before the guard: 15 statements (the scope computed twice, the event and its tags read three
    // times); before issue 12: 10 (tags and vanity domains each in a statement of their own); 7
    // until the scope's settings and teams became one statement.
    expect(statements).toEqual([
      'select auth_sessions,users', // the caller
      'select organizations,workspace_members,workspaces', // the scope: the organisation's settings and the caller's teams
      'select events,series,workspaces,event_workflows,event_tags,tags', // the event, loaded once by the guard
      'select event_workflows', // is it ready (not being duplicated)?
      'update events',
      'select events,series,workspaces,event_workflows,event_tags,tags,built_pages', // the answer (with its registration page)
      'select event_code_areas', // the answer's tracking snippet (issue 18), the code areas'
    ]);
  });
});
