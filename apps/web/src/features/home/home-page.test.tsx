import type { Home } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acme, ada, json } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

const organization = { id: acme.id, name: 'Acme', is_workspace_enabled: true };
const brandNew: Home = {
  organization,
  live_events: [],
  upcoming_events: [],
  recent_videos: [],
  counts: { upcoming_events: 0, videos: 0, members: 1, teams: 0 },
  getting_started: { first_event: false, first_video: false, teammate: false, branding: false },
};
const busy: Home = {
  organization,
  live_events: [
    {
      id: 'e-live',
      title: 'Harbour Summit',
      event_type: 'Conference',
      start_time: '2026-11-22T14:30:00Z',
      end_time: '2026-11-22T17:00:00Z',
      timezone: 'America/New_York',
      status: 'LIVE',
    },
  ],
  upcoming_events: [
    {
      id: 'w-next',
      title: 'Quarterly Webinar',
      event_type: 'Webinar',
      start_time: '2026-12-01T10:00:00Z',
      end_time: '2026-12-01T11:00:00Z',
      timezone: 'Europe/Paris',
      status: 'UPCOMING',
    },
  ],
  recent_videos: [
    { id: 'v-1', name: 'Keynote', status: 'COMPLETE', created_at: '2026-11-20T00:00:00Z', thumbnail: null },
    {
      id: 'v-2',
      name: 'Raw upload',
      status: 'PROCESSING_HD',
      created_at: '2026-11-21T00:00:00Z',
      thumbnail: null,
    },
  ],
  counts: { upcoming_events: 1, videos: 2, members: 3, teams: null },
  getting_started: { first_event: true, first_video: true, teammate: true, branding: false },
};

const openHome = (home: Home) =>
  openStudio('/home', {
    user: ada,
    routes: (path) => (path === '/api/core/home/' ? json(200, home) : undefined),
  });

describe('home', () => {
  it('invites a brand-new organisation to create its first event, with the whole checklist open', async () => {
    openHome(brandNew);
    const empty = await screen.findByRole('region', { name: 'Create your first event' });
    expect(within(empty).getByRole('button', { name: 'Create Event' })).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Getting started steps' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => [step.textContent, step.getAttribute('data-done')])).toEqual([
      ['Create your first event', 'false'],
      ['Upload your first video', 'false'],
      ['Invite a teammate', 'false'],
      ['Set your branding (colors, fonts or a buffer video)', 'false'],
    ]);
    expect(screen.getByText('0 of 4 done')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Live now' })).toBeNull();
  });

  it('shows live and upcoming events with badges and zoned dates, recent videos, counts and quick actions', async () => {
    openHome(busy);
    const live = await screen.findByRole('region', { name: 'Live now' });
    expect(within(live).getByRole('link', { name: 'Harbour Summit' }).getAttribute('href')).toBe(
      '/events/e-live/dashboard',
    );
    expect(within(live).getByText('LIVE')).toBeTruthy();
    expect(within(live).getByText('Conference · Nov 22, 2026, 9:30 AM GMT-5')).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: 'Upcoming events' });
    expect(within(upcoming).getByRole('link', { name: 'Quarterly Webinar' }).getAttribute('href')).toBe(
      '/webinar/w-next/details',
    );
    expect(within(upcoming).getByText('UPCOMING')).toBeTruthy();
    expect(within(upcoming).getByText(/Dec 1, 2026, 11:00 AM/)).toBeTruthy();
    const videos = screen.getByRole('region', { name: 'Recently added videos' });
    expect(within(videos).getByText('Completed')).toBeTruthy();
    expect(within(videos).getByText('Processing')).toBeTruthy();
    expect(
      ['Upcoming events', 'Videos', 'Members'].map(
        (label) => screen.getByRole('group', { name: label }).textContent,
      ),
    ).toEqual(['Upcoming events1', 'Videos2', 'Members3']);
    // Teams are counted only with workspaces.
    expect(screen.queryByRole('group', { name: 'Teams' })).toBeNull();
    expect(screen.getByText('3 of 4 done')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Set your branding (colors, fonts or a buffer video)' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload Video' }).getAttribute('href')).toBe('/videos');
    expect(screen.getByRole('link', { name: 'Invite a teammate' }).getAttribute('href')).toBe(
      '/settings-new/users',
    );
    expect(screen.getByText('Welcome, Ada Lovelace.')).toBeTruthy();
  });

  it('hides the checklist once every step is done', async () => {
    openHome({
      ...busy,
      getting_started: { first_event: true, first_video: true, teammate: true, branding: true },
    });
    await screen.findByRole('region', { name: 'Live now' });
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
  });
});
