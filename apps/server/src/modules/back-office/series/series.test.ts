import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page, Series, StudioEvent, Tag } from '@studio/domain';
import { newAdmin } from '../../access/access.fixtures.ts';
import { at, caller, idsOf, newEvent } from '../back-office.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, admin, api } = fileStudioWithAdmin('Series Org');

const NOW = new Date('2030-06-01T12:00:00.000Z');

describe('series list', () => {
  const made: Record<string, Series> = {};

  beforeAll(async () => {
    const tag = (
      await api.post<Tag>('/api/core/tags/', { organization: admin.organization.id, tag_name: 'Quarterly' })
    ).body;
    const event = async (title: string, start: number, end: number) =>
      (await newEvent(api, { title, start: at(NOW, start), end: at(NOW, end) })).id;
    // Alpha: ended before now. Bravo: its last event ends exactly now (upcoming and past). Charlie: later. Delta: no events.
    const create = async (name: string, events: string[], tags: string[] = []) => {
      const created = await api.post<Series>('/api/event/series/', { name, events, tags });
      expect(created.status).toBe(201);
      made[name] = created.body;
    };
    await create('Alpha', [await event('a1', -300, -240), await event('a2', -200, -100)]);
    await create('bravo', [await event('b1', -60, 0)], [tag.id]);
    await create('Charlie', [await event('c1', -1000, -900), await event('c2', 60, 120)], [tag.id]);
    await create('Delta', []);
    // Touch Alpha last: the most recently updated.
    await api.patch(`/api/event/series/${made.Alpha?.id}/`, { description: 'Touched' });
  });

  const list = async (query: string) => {
    const response = await api.get<Page<Series>>(
      `/api/event/series/?now=${encodeURIComponent(NOW.toISOString())}&${query}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.results.map((series) => series.name);
  };

  it('sorts by name, by the start of its events and by updated_at, both ways', async () => {
    expect(await list('ordering=name')).toEqual(['Alpha', 'bravo', 'Charlie', 'Delta']);
    expect(await list('ordering=-name')).toEqual(['Delta', 'Charlie', 'bravo', 'Alpha']);
    // First event starts: Charlie -1000, Alpha -300, bravo -60; Delta has none (last either way).
    expect(await list('ordering=events__start_time')).toEqual(['Charlie', 'Alpha', 'bravo', 'Delta']);
    expect(await list('ordering=-events__start_time')).toEqual(['bravo', 'Alpha', 'Charlie', 'Delta']);
    expect(await list('ordering=-updated_at')).toEqual(['Alpha', 'Delta', 'Charlie', 'bravo']);
    expect(await list('ordering=updated_at')).toEqual(['bravo', 'Charlie', 'Delta', 'Alpha']);
    // Default: most recently updated first.
    expect(await list('')).toEqual(['Alpha', 'Delta', 'Charlie', 'bravo']);
  });

  it('filters all / upcoming / past by its last event (ending exactly now is both)', async () => {
    expect(await list('filtering=all&ordering=name')).toEqual(['Alpha', 'bravo', 'Charlie', 'Delta']);
    expect(await list('filtering=upcoming&ordering=name')).toEqual(['bravo', 'Charlie']);
    expect(await list('filtering=past&ordering=name')).toEqual(['Alpha', 'bravo']);
  });

  it('searches by name, filters by tag, pages, answers min and get_tags', async () => {
    expect(await list('name=HARL')).toEqual(['Charlie']);
    expect(await list('tag=quarterly&ordering=name')).toEqual(['bravo', 'Charlie']);
    const page = (await api.get<Page<Series>>('/api/event/series/?ordering=name&limit=2&offset=2')).body;
    expect(page.results.map((series) => series.name)).toEqual(['Charlie', 'Delta']);
    expect(page.count).toBe(4);
    expect(page.previous).toBeTruthy();
    const minimal = (
      await api.get<Page<{ id: string; name: string }>>('/api/event/series/?min=true&name=Delta')
    ).body.results;
    expect(minimal).toEqual([{ id: made.Delta?.id, name: 'Delta' }]);
    const plain = (await api.get<Page<Series>>('/api/event/series/?name=bravo')).body.results[0];
    expect(plain?.tags).toEqual([expect.any(String)]);
    const withTags = (await api.get<Page<Series>>('/api/event/series/?name=bravo&get_tags=true')).body
      .results[0];
    expect(withTags?.tags).toEqual([{ id: plain?.tags[0], tag_name: 'Quarterly' }]);
  });

  it('gets one series with its events, tags and cached data', async () => {
    const charlie = made.Charlie as Series;
    const got = (await api.get<Series>(`/api/event/series/${charlie.id}/?get_tags=true&get_cached_data=true`))
      .body;
    expect(got).toMatchObject({
      name: 'Charlie',
      is_repeating: false,
      events_count: 2,
      events: charlie.events,
      start_time: at(NOW, -1000).toISOString(),
      end_time: at(NOW, 120).toISOString(),
      tags: [{ tag_name: 'Quarterly' }],
    });
    // cached_data counts against the real clock: both events are in 2030, ahead of it.
    expect(got.cached_data).toMatchObject({
      upcoming_events_count: 2,
      past_events_count: 0,
      next_event: { title: 'c1' },
      current_event: { title: 'c1' },
    });
    expect((await api.get(`/api/event/series/${charlie.id}/?min=true`)).body).toEqual({
      id: charlie.id,
      name: 'Charlie',
    });
    const outsider = caller(studio, (await newAdmin(studio, 'Other')).access);
    expect((await outsider.get(`/api/event/series/${charlie.id}/`)).status).toBe(404);
    expect((await outsider.patch(`/api/event/series/${charlie.id}/`, { name: 'Mine' })).status).toBe(404);
  });

  it('updates name, tags and its events', async () => {
    const delta = made.Delta as Series;
    const event = await newEvent(api, { title: 'd1', start: at(NOW, 10), end: at(NOW, 20) });
    const updated = await api.patch<Series>(`/api/event/series/${delta.id}/`, {
      name: 'Delta 2',
      events: [event.id],
      tags: [],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Delta 2', events: [event.id], tags: [] });
    expect((await api.get<StudioEvent>(`/api/event/${event.id}/`)).body.series).toEqual({
      id: delta.id,
      name: 'Delta 2',
      is_repeating: false,
    });
    expect((await api.patch<Series>(`/api/event/series/${delta.id}/`, { events: [] })).body.events).toEqual(
      [],
    );
  });
});

describe("a series' description", () => {
  it('is rich text, sanitised as it is stored, on create and on update', async () => {
    const created = await api.post<Series>('/api/event/series/', {
      name: 'Described',
      description: '<p onclick="steal()">Every <strong>month</strong><script>steal()</script></p>',
    });
    expect(created.status).toBe(201);
    expect(created.body.description).toBe('<p>Every <strong>month</strong></p>');
    const updated = await api.patch<Series>(`/api/event/series/${created.body.id}/`, {
      description: '<h2>Talks</h2><iframe src="https://evil.example"></iframe>',
    });
    expect(updated.body.description).toBe('<h2>Talks</h2>');
    expect(
      (await api.patch<Series>(`/api/event/series/${created.body.id}/`, { description: null })).body
        .description,
    ).toBeNull();
  });
});

describe('repeating events', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00.000Z');
  const day = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
  const weekday = (offset: number) => new Date(today.getTime() + offset * DAY).getUTCDay();

  async function occurrences(seriesId: string) {
    const page = (
      await api.get<Page<StudioEvent>>(`/api/event/?series=${seriesId}&ordering=start_time&limit=100`)
    ).body;
    return page.results.map((event) => ({
      id: event.id,
      date: event.start_time.slice(0, 10),
      time: event.start_time.slice(11, 16),
    }));
  }

  it('makes the occurrences of its rule, and an edit changes only future ones', async () => {
    // Daily at 00:00 UTC from 5 days ago to 4 days ahead, made a week ago (the server's clock set
    // back): every occurrence was in the future then; now today's and the five before have started.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(today.getTime() - 7 * DAY));
    const created = await api.post<Series>('/api/event/series/', {
      name: 'Standup',
      recurrence: {
        frequency: 'daily',
        start_date: day(-5),
        end_date: day(4),
        start_time: '00:00',
        duration_minutes: 15,
        timezone: 'UTC',
      },
    });
    vi.useRealTimers();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ is_repeating: true, events_count: 10 });
    const before = await occurrences(created.body.id);
    expect(before.map((occurrence) => occurrence.date)).toEqual([-5, -4, -3, -2, -1, 0, 1, 2, 3, 4].map(day));
    const started = before.slice(0, 6);

    // The organiser deletes tomorrow's occurrence.
    const tomorrow = before[6];
    expect((await api.delete(`/api/event/${tomorrow?.id}/`)).status).toBe(204);

    // New rule: Mondays, Wednesdays and Fridays at 06:00 until 11 days ahead.
    const edited = await api.patch<Series>(`/api/event/series/${created.body.id}/`, {
      recurrence: {
        frequency: 'weekly',
        weekdays: ['MO', 'WE', 'FR'],
        start_date: day(-5),
        end_date: day(11),
        start_time: '06:00',
        duration_minutes: 15,
        timezone: 'UTC',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await occurrences(created.body.id);
    // Past (started) occurrences are untouched: same ids, same dates, still at 00:00 — even on Tuesdays.
    expect(after.slice(0, 6)).toEqual(started);
    // Future: every Monday, Wednesday and Friday from tomorrow to day 11, except the deleted date, at 06:00.
    const expected = [];
    for (let offset = 1; offset <= 11; offset += 1) {
      if ([1, 3, 5].includes(weekday(offset)) && day(offset) !== tomorrow?.date)
        expected.push({ date: day(offset), time: '06:00' });
    }
    expect(after.slice(6).map(({ date, time }) => ({ date, time }))).toEqual(expected);
  });

  it('refuses impossible rules and hand-picked events for a repeating event', async () => {
    const tooMany = await api.post<{ errors: Record<string, string[]> }>('/api/event/series/', {
      name: 'Forever',
      recurrence: {
        frequency: 'daily',
        start_date: day(1),
        end_date: day(1000),
        start_time: '09:00',
        duration_minutes: 30,
        timezone: 'UTC',
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({
      recurrence: ['A repeating event can have at most 500 occurrences.'],
    });
    const noEnd = await api.post('/api/event/series/', {
      name: 'No end',
      recurrence: {
        frequency: 'weekly',
        weekdays: ['TU'],
        start_date: day(1),
        start_time: '09:00',
        duration_minutes: 30,
        timezone: 'UTC',
      },
    });
    expect(noEnd.status).toBe(400);
    const monthly = await api.post<Series>('/api/event/series/', {
      name: 'Monthly review',
      recurrence: {
        frequency: 'monthly',
        start_date: '2031-01-31',
        count: 3,
        start_time: '15:00',
        duration_minutes: 60,
        timezone: 'America/New_York',
      },
    });
    expect(monthly.status).toBe(201);
    const dates = await occurrences(monthly.body.id);
    expect(dates.map((occurrence) => `${occurrence.date}T${occurrence.time}`)).toEqual([
      '2031-01-31T20:00',
      '2031-03-31T19:00',
      '2031-05-31T19:00',
    ]);
    const event = await newEvent(api, { title: 'Loose', start: at(NOW, 0), end: at(NOW, 10) });
    expect((await api.patch(`/api/event/series/${monthly.body.id}/`, { events: [event.id] })).status).toBe(
      400,
    );
    expect((await api.patch(`/api/event/${event.id}/`, { series: monthly.body.id })).status).toBe(400);
    expect(
      (await api.get<Page<Series>>('/api/event/series/?is_repeating=true&ordering=name')).body.results.map(
        (series) => series.name,
      ),
    ).toEqual(['Monthly review', 'Standup']);
    expect(
      idsOf((await api.get<Page<StudioEvent>>(`/api/event/?series=${monthly.body.id}&repeating=hide`)).body),
    ).toEqual([]);
  });
});
