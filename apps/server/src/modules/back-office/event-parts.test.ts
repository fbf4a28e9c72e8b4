import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudio } from '../../../test/file-studio.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller as apiOf, newEvent } from './back-office.fixtures.ts';
import { createEventParts } from './event-parts.ts';

const studio = fileStudio();
let ours: Caller;
let theirs: Caller;
let eventId: string;
let otherEventId: string;
const changed: string[] = [];

const callerOf = (admin: Awaited<ReturnType<typeof newAdmin>>): Caller => ({
  userId: admin.userId,
  sessionId: null,
  organizationId: admin.organization.id,
  role: 'admin',
});

/** The kit on the rooms table, its events scoped to the caller's organisation as an area's are. */
const rooms = () =>
  createEventParts({
    db: studio.database.db,
    table: 'rooms',
    ranked: true,
    async eventOf(caller, id) {
      const event = await studio.database.db
        .selectFrom('events')
        .select('id')
        .where('id', '=', id)
        .where('organization_id', '=', caller.organizationId ?? '')
        .executeTakeFirst();
      if (!event) throw notFound();
      return { event };
    },
    changed: (event) => {
      changed.push(event.id);
      return Promise.resolve();
    },
    reorderMismatch: () => fieldError('object_list', 'Not the rooms of one event.'),
  });

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'done',
    (error: { status?: number }) => error.status,
  );

beforeAll(async () => {
  const [first, second] = [await newAdmin(studio, 'Parts Org'), await newAdmin(studio, 'Other Parts Org')];
  [ours, theirs] = [callerOf(first), callerOf(second)];
  const times = { start: '2031-05-01T09:00:00Z', end: '2031-05-01T17:00:00Z', event_type: 'Conference' };
  eventId = (await newEvent(apiOf(studio, first.access), { title: 'Ours', ...times })).id;
  otherEventId = (await newEvent(apiOf(studio, second.access), { title: 'Theirs', ...times })).id;
});

describe('the kit of an event’s parts', () => {
  it('adds each part last of its event, lists a page with the count, tells the event of each change', async () => {
    const kit = rooms();
    for (const name of ['A', 'B', 'C'])
      await kit.create(ours, eventId, ({ event }) => ({
        event_id: event.id,
        name,
        capacity: null,
        owner_id: null,
      }));
    const page = await kit.list(ours, eventId, { limit: 2, offset: 1 });
    expect(page.count).toBe(3);
    expect(page.rows.map((room) => [room.name, room.rank])).toEqual([
      ['B', 1],
      ['C', 2],
    ]);
    expect(changed.filter((id) => id === eventId)).toHaveLength(3);
  });

  it('reorders every part at once, and refuses an incomplete or foreign list whole', async () => {
    const kit = rooms();
    const [a, b, c] = await kit.table.all(eventId);
    const reordered = await kit.reorder(ours, {
      object_list: [
        { pk: c!.id, rank: 0 },
        { pk: a!.id, rank: 1 },
        { pk: b!.id, rank: 2 },
      ],
    });
    expect(reordered.map((room) => room.name)).toEqual(['C', 'A', 'B']);

    const foreign = await kit.create(theirs, otherEventId, ({ event }) => ({
      event_id: event.id,
      name: 'Elsewhere',
      capacity: null,
      owner_id: null,
    }));
    const refused = [
      [{ pk: a!.id, rank: 0 }],
      [
        { pk: a!.id, rank: 2 },
        { pk: b!.id, rank: 1 },
        { pk: c!.id, rank: 0 },
        { pk: foreign.id, rank: 3 },
      ],
    ];
    for (const object_list of refused) expect(await statusOf(kit.reorder(ours, { object_list }))).toBe(400);
    expect((await kit.table.all(eventId)).map((room) => room.name)).toEqual(['C', 'A', 'B']);
  });

  it('gives parts added at once ranks of their own, one after the other', async () => {
    const kit = rooms();
    const times = { start: '2031-05-01T09:00:00Z', end: '2031-05-01T17:00:00Z', event_type: 'Conference' };
    const admin = await newAdmin(studio, 'Busy Parts Org');
    const busy = (await newEvent(apiOf(studio, admin.access), { title: 'Busy', ...times })).id;
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        kit.create(callerOf(admin), busy, ({ event }) => ({
          event_id: event.id,
          name: `Room ${index}`,
          capacity: null,
          owner_id: null,
        })),
      ),
    );
    expect((await kit.table.all(busy)).map((room) => room.rank)).toEqual(
      Array.from({ length: 12 }, (_, index) => index),
    );
  });

  it('sets the ranks in the caller’s transaction: nothing stays when it rolls back', async () => {
    const kit = rooms();
    const before = await kit.table.all(eventId);
    const backwards = before.map((room, index) => ({ pk: room.id, rank: before.length - index }));
    await studio.database.db
      .transaction()
      .execute(async (tx) => {
        expect(await kit.table.reorder(eventId, undefined, backwards, tx)).toBe(true);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await kit.table.all(eventId)).toEqual(before);
  });

  it('answers 404 for another organisation’s event and parts', async () => {
    const kit = rooms();
    const [foreign] = await kit.table.all(otherEventId);
    expect(await statusOf(kit.partOf(ours, foreign!.id, 'event:read'))).toBe(404);
    expect(await statusOf(kit.delete(ours, foreign!.id))).toBe(404);
    expect(await statusOf(kit.list(ours, otherEventId, { limit: 10, offset: 0 }))).toBe(404);
    expect(
      await statusOf(
        kit.create(ours, otherEventId, ({ event }) => ({
          event_id: event.id,
          name: 'Intruder',
          capacity: null,
          owner_id: null,
        })),
      ),
    ).toBe(404);
    expect(await statusOf(kit.partOf(ours, 'not-an-id', 'event:read'))).toBe(404);
    expect((await kit.table.all(otherEventId)).map((room) => room.name)).toEqual(['Elsewhere']);
  });
});
