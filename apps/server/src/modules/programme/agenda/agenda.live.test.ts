import { describe, expect, it } from 'vitest';
import type { AgendaItem, Broadcast, Page, Track } from '@studio/domain';
import { madeBeforeAll } from '../../../../test/file-studio.ts';
import { fileListeningStudio, watchEvent } from '../../../../test/listening.ts';
import { createCountingStudio } from '../../../../test/statement-counter.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { at, caller, newEvent } from '../../back-office/back-office.fixtures.ts';
import type { EventCore } from '../../back-office/events/event-core.service.ts';
import type { EventRolesService } from '../../event-roles/event-roles.service.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../../platform/realtime/gateway.ts';
import { createProgramme } from '../programme.ts';
import { agendaApi, libraryVideo } from './agenda.fixtures.ts';

const studio = fileListeningStudio();
const admin = madeBeforeAll(() => newAdmin(studio, 'Live Org'));
const api = madeBeforeAll(() => caller(studio, admin.access));
const agenda = madeBeforeAll(() => agendaApi(api));

const base = new Date(Date.UTC(2031, 4, 4, 8));
const iso = (minutes: number) => at(base, minutes).toISOString();

/** A studio socket that named the event with setEventId (null: none), with every message it receives. */
const watch = (eventId: string | null) => watchEvent(studio.publicUrl, admin, eventId, '/events');

describe('live updates (001 §7 Sockets)', () => {
  it('pushes broadcast-updated and agenda-item-updated to the sockets that named the event', async () => {
    const event = await newEvent(api, { title: 'Live', start: at(base, 0), end: at(base, 240) });
    const watching = await watch(event.id);
    const elsewhere = await watch(null);

    const track = (await agenda.createTrack({ event: event.id, title: 'Main' })).body;
    await watching.until(() => watching.of('agenda-item-updated').length === 1);
    expect(watching.of('agenda-item-updated')[0]).toEqual({ ...track, eventId: event.id, object: 'track' });

    const session = (
      await agenda.createSession({
        event: event.id,
        title: 'Keynote',
        start_time: iso(0),
        end_time: iso(60),
        broadcast_type: 'LIVE',
      })
    ).body;
    await watching.until(() => watching.of('broadcast-updated').length === 1);
    expect(watching.of('broadcast-updated')[0]).toEqual({ ...session, eventId: event.id });
    await watching.until(() => watching.of('agenda-item-updated').length === 2);
    const [, block] = watching.of('agenda-item-updated');
    expect(block).toMatchObject({
      eventId: event.id,
      object: 'agenda_item',
      broadcast: session.id,
      track: track.id,
    });

    expect((await api.delete(`/api/event/broadcasts/${session.id}/`)).status).toBe(204);
    await watching.until(() => watching.of('broadcast-updated').length === 2);
    expect(watching.of('broadcast-updated')[1]).toEqual({ eventId: event.id, id: session.id, deleted: true });
    await watching.until(() => watching.of('agenda-item-updated').length === 3);
    expect(watching.of('agenda-item-updated')[2]).toEqual({
      eventId: event.id,
      id: block!.id,
      object: 'agenda_item',
      deleted: true,
    });
    expect(elsewhere.of('broadcast-updated')).toEqual([]);
    expect(elsewhere.of('agenda-item-updated')).toEqual([]);
    for (const client of [watching, elsewhere]) client.socket.close();
  });
});

describe('copyAgenda (for event duplication)', () => {
  it('copies tracks, sessions with their videos and tracks, and agenda items with new ids, moved in time', async () => {
    const source = await newEvent(api, { title: 'Source', start: at(base, 0), end: at(base, 240) });
    const target = await newEvent(api, { title: 'Copy', start: at(base, 1440), end: at(base, 1680) });
    const video = await libraryVideo(studio, admin.organization.id, 'COMPLETE');
    const track = (await agenda.createTrack({ event: source.id, title: 'Main' })).body;
    const session = (
      await agenda.createSession({
        event: source.id,
        title: 'Replay',
        description: 'Recorded talk',
        start_time: iso(30),
        end_time: iso(60),
        broadcast_type: 'SIMULIVE',
        video_assets: [video],
      })
    ).body;
    await agenda.createItem({
      event: source.id,
      track: track.id,
      kind: 'break',
      title: 'Lunch',
      start_time: iso(60),
      end_time: iso(90),
    });

    const { db } = studio.database;
    const unused = {} as EventCore & Realtime;
    const programme = createProgramme({
      db,
      events: unused,
      eventRoles: {} as EventRolesService,
      realtime: unused,
      videos: {
        statusOf: () => Promise.resolve(undefined),
        playbackOf: () => Promise.reject(new Error('not used by the copy')),
      },
      jobs: {} as JobQueue,
      clock: () => new Date(),
      publicUrl: studio.publicUrl,
      inviteGuest: () => Promise.reject(new Error('not used by the copy')),
      speakersOf: () => Promise.reject(new Error('not used by the copy')),
      activities: () => ({ record: () => Promise.reject(new Error('not used by the copy')) }),
    });
    const day = 1440 * 60_000;
    const newIds = await db
      .transaction()
      .execute((tx) => programme.agenda.copyAgenda(source.id, target.id, day, tx));
    expect(newIds.size).toBe(4);

    const copiedTracks = (await api.get<Page<Track>>(`/api/event/tracks/?event=${target.id}`)).body.results;
    expect(copiedTracks.map((copied) => [copied.id, copied.title])).toEqual([[newIds.get(track.id), 'Main']]);
    const copiedSessions = (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${target.id}`)).body
      .results;
    expect(copiedSessions).toEqual([
      expect.objectContaining({
        id: newIds.get(session.id),
        title: 'Replay',
        description: 'Recorded talk',
        start_time: iso(1470),
        end_time: iso(1500),
        broadcast_type: 'SIMULIVE',
        tracks: [newIds.get(track.id)],
        video_assets: session.video_assets,
      }),
    ]);
    const items = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${target.id}`)).body
      .results;
    expect(items.map((item) => [item.kind, item.title, item.track, item.start_time, item.broadcast])).toEqual(
      [
        ['session', 'Replay', newIds.get(track.id), iso(1470), newIds.get(session.id)],
        ['break', 'Lunch', newIds.get(track.id), iso(1500), null],
      ],
    );
    const original = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${source.id}`)).body
      .results;
    expect(original.map((item) => item.start_time)).toEqual([iso(30), iso(60)]);
  });
});

describe('statements per agenda list', () => {
  it('reads each list in one statement after the caller, the scope and the event', async () => {
    const counting = await createCountingStudio();
    try {
      const owner = await newAdmin(counting, 'Counted Org');
      const ownerApi = caller(counting, owner.access);
      const event = await newEvent(ownerApi, { title: 'Counted', start: at(base, 0), end: at(base, 240) });
      const calls = agendaApi(ownerApi);
      await calls.createTrack({ event: event.id, title: 'Main' });
      for (const minutes of [0, 60])
        await calls.createSession({
          event: event.id,
          title: `Talk ${minutes}`,
          start_time: iso(minutes),
          end_time: iso(minutes + 30),
          broadcast_type: 'LIVE',
        });
      const statementsOf = (url: string) =>
        counting.statementsOf(async () => expect((await ownerApi.get(url)).status).toBe(200));
      const guard = ['select auth_sessions,users', 'select organizations,workspace_members,workspaces'];
      const scope = ['select events,series,workspaces,event_workflows,event_tags,tags'];
      expect(await statementsOf(`/api/event/broadcasts/?event=${event.id}`)).toEqual([
        ...guard,
        ...scope,
        'select broadcasts,broadcast_videos,video_assets,broadcast_tracks,tracks',
        // The page's speakers, all sessions at once (none here: no second read of their people).
        'select event_role_sessions,event_roles',
      ]);
      expect(await statementsOf(`/api/event/tracks/?event=${event.id}`)).toEqual([
        ...guard,
        ...scope,
        'select tracks,agenda_items',
      ]);
      expect(await statementsOf(`/api/event/agenda-item/?event=${event.id}`)).toEqual([
        ...guard,
        ...scope,
        'select agenda_items',
      ]);
    } finally {
      await counting.close();
    }
  });
});
