import { describe, expect, it } from 'vitest';
import type { AgendaItem, Broadcast, Page, Track } from '@studio/domain';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';
import { duplicatedEvent, newEvent } from '../back-office/back-office.fixtures.ts';
import { agendaApi, libraryVideo } from './agenda/agenda.fixtures.ts';

/** Issue 14 item 9: a duplicated event gets its source's programme (new ids, same structure, shifted). */
// Role all: this studio runs the duplication job itself.
const { studio, admin, api } = fileStudioWithAdmin('Duplicating Org', { role: 'all' });

describe('duplicating an event', () => {
  it('copies its tracks, sessions with their videos and blocks, shifted to the copy’s dates', async () => {
    const source = await newEvent(api, {
      title: 'Summit',
      start: '2031-03-10T09:00:00Z',
      end: '2031-03-10T17:00:00Z',
    });
    const agenda = agendaApi(api);
    const stage = (await agenda.createTrack({ event: source.id, title: 'Stage' })).body;
    const video = await libraryVideo(studio, admin.organization.id, 'COMPLETE', 300);
    await agenda.createSession({
      event: source.id,
      title: 'Film',
      broadcast_type: 'SIMULIVE',
      start_time: '2031-03-10T10:00:00Z',
      end_time: '2031-03-10T10:30:00Z',
      tracks: [stage.id],
      video_assets: [video],
    });
    await agenda.createItem({
      event: source.id,
      track: stage.id,
      kind: 'break',
      title: 'Lunch',
      start_time: '2031-03-10T12:00:00Z',
      end_time: '2031-03-10T13:00:00Z',
    });

    const copyId = await duplicatedEvent(api, source.id, { start_time: '2031-04-10T09:00:00Z' });
    const tracks = (await api.get<Page<Track>>(`/api/event/tracks/?event=${copyId}`)).body.results;
    const sessions = (await api.get<Page<Broadcast>>(`/api/event/broadcasts/?event=${copyId}`)).body.results;
    const items = (await api.get<Page<AgendaItem>>(`/api/event/agenda-item/?event=${copyId}`)).body.results;
    expect(tracks.map((track) => track.title)).toEqual(['Stage']);
    expect(tracks[0]!.id).not.toBe(stage.id);
    expect(sessions).toEqual([
      expect.objectContaining({
        title: 'Film',
        start_time: '2031-04-10T10:00:00.000Z',
        tracks: [tracks[0]!.id],
        video_assets: [expect.objectContaining({ id: video })],
      }),
    ]);
    expect(items.map((item) => [item.kind, item.title, item.track, item.start_time])).toEqual([
      ['session', 'Film', tracks[0]!.id, '2031-04-10T10:00:00.000Z'],
      ['break', 'Lunch', tracks[0]!.id, '2031-04-10T12:00:00.000Z'],
    ]);
  });
});
