import { describe, expect, it } from 'vitest';
import type { Broadcast, Page, Room, Series, StudioEvent, Track } from '@studio/domain';
import { eventually } from '../../../test/harness.ts';
import { agendaApi } from './agenda/agenda.fixtures.ts';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';
import { dailyOccurrencesMadeAWeekAgo } from '../back-office/back-office.fixtures.ts';

/**
 * Issue 14 item 4: a repeating event's programme is edited once, on its first occurrence not yet
 * started, and every later occurrence gets it at its own time; started occurrences keep theirs.
 */
// Role all: this studio runs the programme copies itself.
const { api } = fileStudioWithAdmin('Repeating Org', { role: 'all' });

/** `minutes` after the occurrence's start, as the API writes times. */
const after = (occurrence: StudioEvent, minutes: number) =>
  new Date(Date.parse(occurrence.start_time) + minutes * 60_000).toISOString();

const sessionsOf = async (eventId: string) =>
  (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${eventId}`)).body.results;

describe('a repeating event’s programme', () => {
  it('is edited on its first occurrence not started and copied to the later ones, shifted; started ones keep theirs', async () => {
    const { seriesId, occurrences, day, occurrenceOn } = await dailyOccurrencesMadeAWeekAgo(
      api,
      'Daily briefing',
      3,
    );
    expect(occurrences.map((event) => event.start_time.slice(0, 10))).toEqual([-2, -1, 0, 1, 2, 3].map(day));
    const yesterday = occurrenceOn(-1);
    const tomorrow = occurrenceOn(1);
    const inTwoDays = occurrenceOn(2);
    const inThreeDays = occurrenceOn(3);

    // A started occurrence has a programme of its own.
    const agenda = agendaApi(api);
    await agenda.createSession({
      event: yesterday.id,
      title: 'Yesterday’s own talk',
      broadcast_type: 'LIVE',
      start_time: after(yesterday, 5),
      end_time: after(yesterday, 20),
    });

    const series = (await api.get<Series>(`/api/event/series/${seriesId}/`)).body;
    expect(series.programme_event).toBe(tomorrow.id);

    const stage = (await agenda.createTrack({ event: tomorrow.id, title: 'Stage' })).body;
    const talk = (
      await agenda.createSession({
        event: tomorrow.id,
        title: 'Morning talk',
        broadcast_type: 'LIVE',
        start_time: after(tomorrow, 10),
        end_time: after(tomorrow, 40),
        tracks: [stage.id],
      })
    ).body;
    expect((await api.post<Room>('/api/event/rooms/', { event: tomorrow.id, name: 'Lounge' })).status).toBe(
      201,
    );

    for (const occurrence of [inTwoDays, inThreeDays])
      await eventually(async () => {
        const sessions = await sessionsOf(occurrence.id);
        expect(sessions.map((session) => [session.title, session.start_time, session.end_time])).toEqual([
          ['Morning talk', after(occurrence, 10), after(occurrence, 40)],
        ]);
        const tracks = (await api.get<Page<Track>>(`/api/event/tracks/?event=${occurrence.id}`)).body.results;
        expect(tracks.map((track) => track.title)).toEqual(['Stage']);
        expect(sessions[0]!.tracks).toEqual([tracks[0]!.id]);
        const rooms = (await api.get<Page<Room>>(`/api/event/rooms/?event=${occurrence.id}`)).body.results;
        expect(rooms.map((room) => room.name)).toEqual(['Lounge']);
      });

    // An edit replaces the later occurrences' copies (no duplicates); the started ones keep theirs.
    expect((await agenda.patchSession(talk.id, { title: 'Morning briefing' })).status).toBe(200);
    await eventually(async () =>
      expect((await sessionsOf(inThreeDays.id)).map((session) => session.title)).toEqual([
        'Morning briefing',
      ]),
    );
    expect((await sessionsOf(yesterday.id)).map((session) => session.title)).toEqual([
      'Yesterday’s own talk',
    ]);
    expect(await sessionsOf(occurrences[0]!.id)).toEqual([]);
  });

  it('answers no programme_event for a plain series', async () => {
    const plain = (await api.post<Series>('/api/event/series/', { name: 'Talks' })).body;
    expect((await api.get<Series>(`/api/event/series/${plain.id}/`)).body).not.toHaveProperty(
      'programme_event',
    );
  });
});

describe('a template’s programme (issue 14 item 9)', () => {
  it('is copied from its event, carried into each event made from it at that event’s time, and listed nowhere', async () => {
    const source = (
      await api.post<StudioEvent>('/api/event/', {
        title: 'Flagship summit',
        start_time: '2031-05-01T09:00:00Z',
        end_time: '2031-05-01T17:00:00Z',
      })
    ).body;
    const agenda = agendaApi(api);
    const stage = (await agenda.createTrack({ event: source.id, title: 'Stage' })).body;
    await agenda.createSession({
      event: source.id,
      title: 'Welcome',
      broadcast_type: 'LIVE',
      start_time: '2031-05-01T09:30:00Z',
      end_time: '2031-05-01T10:00:00Z',
      tracks: [stage.id],
    });
    await api.post('/api/event/rooms/', { event: source.id, name: 'Lounge' });
    const template = (
      await api.post<{ id: string }>('/api/event/studio-templates/create_from_event/', { event: source.id })
    ).body;
    // A later change of the event does not change the template.
    await agenda.createSession({
      event: source.id,
      title: 'Added later',
      broadcast_type: 'LIVE',
      start_time: '2031-05-01T11:00:00Z',
      end_time: '2031-05-01T11:30:00Z',
    });

    const made = await api.post<StudioEvent>(`/api/event/studio-templates/${template.id}/create_event/`, {
      title: 'Summit, again',
      start_time: '2031-09-10T13:00:00Z',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sessions = await sessionsOf(made.body.id);
    expect(sessions.map((session) => [session.title, session.start_time])).toEqual([
      ['Welcome', '2031-09-10T13:30:00.000Z'],
    ]);
    const rooms = (await api.get<Page<Room>>(`/api/event/rooms/?event=${made.body.id}`)).body.results;
    expect(rooms.map((room) => room.name)).toEqual(['Lounge']);

    // The event holding the template's programme is in no list.
    const all = (await api.get<Page<StudioEvent>>('/api/event/?filter=AllEvents&limit=100')).body.results;
    expect(all.filter((event) => event.title === 'Flagship summit').map((event) => event.id)).toEqual([
      source.id,
    ]);

    // A copy of the template has a programme of its own; deleting the original keeps it.
    const copy = (await api.post<{ id: string }>(`/api/event/studio-templates/${template.id}/duplicate/`, {}))
      .body;
    expect((await api.delete(`/api/event/studio-templates/${template.id}/`)).status).toBe(204);
    const fromCopy = await api.post<StudioEvent>(`/api/event/studio-templates/${copy.id}/create_event/`, {
      title: 'Third summit',
      start_time: '2032-01-10T09:00:00Z',
    });
    expect((await sessionsOf(fromCopy.body.id)).map((session) => session.start_time)).toEqual([
      '2032-01-10T09:30:00.000Z',
    ]);
  });
});
