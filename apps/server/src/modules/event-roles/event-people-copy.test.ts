import { describe, expect, it } from 'vitest';
import { EVENT_ROLES, type Broadcast, type Page } from '@studio/domain';
import { fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';
import { peopleSetup, SPEAKER_ROLES, speakerDetails } from './event-roles.fixtures.ts';
import { duplicatedEvent } from '../back-office/back-office.fixtures.ts';

/** Issue 15 item 7: a duplicated event gets its speakers, staff and check-in staff, not invited. */
// Role all: this studio runs the duplication job itself.
const studio = fileStudio({ role: 'all' });
const setup = madeBeforeAll(() => peopleSetup(studio, 'Copying Org'));

describe('duplicating an event with its people', () => {
  it('copies speakers (rank, hidden, roles per session re-pointed), staff and check-in staff; not sponsors', async () => {
    const { people, event, sessions } = setup;
    const [keynote, panel] = sessions as [string, string];
    const first = await people.create({
      event: event.id,
      role: EVENT_ROLES.SPEAKER,
      user: speakerDetails('First'),
      broadcasts: [keynote],
      permission_roles: [{ role: SPEAKER_ROLES.FullAccess, broadcasts: [panel] }],
    });
    const second = await people.create({
      event: event.id,
      role: EVENT_ROLES.SPEAKER,
      user: speakerDetails('Second'),
      hidden: true,
      event_app_role: SPEAKER_ROLES.StageAccess,
    });
    await people.reorder([
      { event_role: second.body.id, rank: 0 },
      { event_role: first.body.id, rank: 1 },
    ]);
    await studio.database.db
      .updateTable('event_roles')
      .set({ invited_at: new Date() })
      .where('event_id', '=', event.id)
      .execute();
    await people.createStaff({
      event: event.id,
      user: speakerDetails('Producer'),
      event_app_role: setup.producer,
      broadcasts: [panel],
    });
    await people.create({ event: event.id, role: EVENT_ROLES.CHECK_IN_STAFF, ...speakerDetails('Door') });
    await studio.database.db
      .insertInto('event_roles')
      .values({ event_id: event.id, user_id: setup.admin.userId, role: EVENT_ROLES.SPONSOR })
      .execute();

    const copyId = await duplicatedEvent(setup.api, event.id, { start_time: '2031-07-01T09:00:00Z' });
    const copiedSessions = (await setup.api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${copyId}`))
      .body.results;
    const newId = (title: string) => copiedSessions.find((session) => session.title === title)!.id;
    const speakers = (await people.list(`event=${copyId}&role=4`)).body.results;
    expect(
      speakers.map((row) => [
        row.user.first_name,
        row.rank,
        row.hidden,
        row.event_app_role,
        [...row.broadcasts].sort(),
        row.permission_roles,
        row.invited_at,
      ]),
    ).toEqual([
      ['Second', 0, true, SPEAKER_ROLES.StageAccess, [], [], null],
      [
        'First',
        1,
        false,
        null,
        [newId('Keynote'), newId('Panel')].sort(),
        [{ role: SPEAKER_ROLES.FullAccess, broadcasts: [newId('Panel')] }],
        null,
      ],
    ]);
    expect(speakers.map((row) => row.id)).not.toContain(first.body.id);
    const staff = (await people.staff(copyId)).body.results;
    expect(staff.map((row) => [row.user.first_name, row.event_app_role, row.broadcasts])).toEqual([
      ['Producer', setup.producer, [newId('Panel')]],
    ]);
    const checkIn = (await people.list(`event=${copyId}&role=8`)).body.results;
    expect(checkIn.map((row) => row.user.first_name)).toEqual(['Door']);
    expect((await people.list(`event=${copyId}&role=${EVENT_ROLES.SPONSOR}`)).body.count).toBe(0);
    // The source keeps its people.
    expect((await people.list(`event=${event.id}&role=4`)).body.count).toBe(2);
  });
});
