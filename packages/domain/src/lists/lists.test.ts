import { describe, expect, it } from 'vitest';
import { everyEventListChoice } from '../testing/index.ts';
import {
  eventListAddressSchema,
  hubPageListAddressSchema,
  listAddressHref,
  recordingListAddressSchema,
  SEARCH_INPUT_DEBOUNCE_MS,
  seriesListAddressSchema,
  templateListAddressSchema,
  videoListAddressSchema,
  videoListNarrowedToEvents,
  type VideoListAddress,
} from './index.ts';

/** The address of a state, read back as the router hands it over (numbers parsed). */
const readBack = (href: string) =>
  Object.fromEntries(
    [...new URL(href, 'http://studio').searchParams].map(([key, value]) => [
      key,
      /^\d+$/.test(value) ? Number(value) : value,
    ]),
  );

describe('list page addresses', () => {
  it('debounces list searches by the spec value (002 §9 "Search input debounce")', () => {
    expect(SEARCH_INPUT_DEBOUNCE_MS).toBe(1000);
  });

  it.each([
    ['/events', eventListAddressSchema],
    ['/series', seriesListAddressSchema],
    ['/templates', templateListAddressSchema],
    ['/pages', hubPageListAddressSchema],
    ['/recordings', recordingListAddressSchema],
    ['/videos', videoListAddressSchema],
  ] as const)('%s at its defaults has a bare address', (path, schema) => {
    const defaults = schema.parse({});
    expect(listAddressHref(path, defaults, defaults)).toBe(path);
    expect(defaults).toMatchObject({ search: '', page: 1 });
  });

  it('keeps the events list on upcoming, all types, date descending by default (spec 001 §2.5)', () => {
    expect(eventListAddressSchema.parse({})).toMatchObject({
      filter: 'UpcomingEvents',
      type: 'All',
      sort: '-start_time',
      workspace: 'all',
      repeating: 'show',
    });
  });

  it('round-trips the events list state, trimming the search', () => {
    const defaults = eventListAddressSchema.parse({});
    const state = { ...defaults, ...everyEventListChoice.state };
    const href = listAddressHref('/events', state, defaults);
    expect(href).toBe(everyEventListChoice.href);
    expect(eventListAddressSchema.parse(readBack(href))).toEqual({ ...state, search: 'summit' });
  });

  it('round-trips series, templates and hub pages', () => {
    const series = { search: 'talks', filter: 'past', sort: 'name', tag: 't1', page: 2 } as const;
    const seriesHref = listAddressHref('/series', series, seriesListAddressSchema.parse({}));
    expect(seriesHref).toBe('/series?search=talks&filter=past&sort=name&tag=t1&page=2');
    expect(seriesListAddressSchema.parse(readBack(seriesHref))).toEqual(series);

    const templates = { search: 'q1', scope: 'mine', sort: 'title', page: 2 } as const;
    const templatesHref = listAddressHref('/templates', templates, templateListAddressSchema.parse({}));
    expect(templatesHref).toBe('/templates?search=q1&scope=mine&sort=title&page=2');
    expect(templateListAddressSchema.parse(readBack(templatesHref))).toEqual(templates);

    const hubPages = { search: 'hub', scope: 'organization', sort: 'name', page: 3 } as const;
    const hubHref = listAddressHref('/pages', hubPages, hubPageListAddressSchema.parse({}));
    expect(hubPageListAddressSchema.parse(readBack(hubHref))).toEqual(hubPages);
  });

  it('turns unknown or invalid values into their defaults instead of failing', () => {
    expect(
      eventListAddressSchema.parse({ filter: 'Soon', sort: 'id', page: '-2', workspace: 'theirs' }),
    ).toEqual(eventListAddressSchema.parse({}));
    expect(templateListAddressSchema.parse({ sort: 'bogus', scope: 'theirs' })).toMatchObject({
      sort: '-created_at',
      scope: 'all',
    });
    expect(seriesListAddressSchema.parse({ tag: 12, page: 'x' })).toMatchObject({ tag: '12', page: 1 });
  });

  it('reads the video filters as lists, repeated or comma-separated', () => {
    expect(
      videoListAddressSchema.parse({ page: 0, ordering: 'duration', search: 123, source: 'UPLOAD, CLIP' }),
    ).toMatchObject({ page: 1, ordering: '-created_at', search: '123', source: ['UPLOAD', 'CLIP'] });
    const parsed = videoListAddressSchema.parse({
      source: 'UPLOAD,CLIP',
      created_by: ['u1', 'u2'],
      event_ids: 'e1',
      ordering: 'nope',
    });
    expect(parsed).toMatchObject({
      source: ['UPLOAD', 'CLIP'],
      created_by: ['u1', 'u2'],
      event_ids: ['e1'],
      ordering: '-created_at',
    });
    const defaults = videoListAddressSchema.parse({});
    expect(listAddressHref('/videos', { ...defaults, source: ['UPLOAD', 'CLIP'], page: 2 }, defaults)).toBe(
      '/videos?page=2&source=UPLOAD%2CCLIP',
    );
    const state: VideoListAddress = {
      ...defaults,
      search: 'keynote',
      page: 3,
      ordering: 'name',
      source: ['UPLOAD'],
      workspace: 'no-team',
    };
    const href = listAddressHref('/videos', state, defaults);
    expect(href).toBe('/videos?search=keynote&page=3&ordering=name&source=UPLOAD&workspace=no-team');
    expect(videoListAddressSchema.parse(readBack(href))).toEqual(state);
  });

  it('narrows the video list to events by id, tag or series, and only then (the `include_used` condition)', () => {
    const address = videoListAddressSchema.parse({});
    expect(videoListNarrowedToEvents(address)).toBe(false);
    expect(videoListNarrowedToEvents({ ...address, event_ids: ['e1'] })).toBe(true);
    expect(videoListNarrowedToEvents({ ...address, event_tag: 'webinars' })).toBe(true);
    expect(videoListNarrowedToEvents({ ...address, series_id: 's1' })).toBe(true);
    expect(videoListNarrowedToEvents({ event_ids: [], event_tag: null, series_id: null })).toBe(false);
  });
});
