import type { StudioEvent } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture, eventPageRoutes } from '../../testing/event-fixture.ts';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, openStudio } from '../../testing/open-studio.tsx';
import { videoAsset } from '../../ui/video-asset-fixture.ts';
import { openMenu } from '../../testing/option-list.ts';
import { READINESS_HEIGHT } from './event-dashboard-page.tsx';

describe('event dashboard Details card', () => {
  it('shows the description as (sanitised) rich text, never its tags, and the start–end range as the header does', async () => {
    const event = eventFixture({
      id: 'e-1',
      title: 'Launch Day',
      description:
        '<p>Meet the <strong>team</strong>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    });
    openStudio('/events/e-1/dashboard', { user: ada, routes: eventPageRoutes(event) });
    const card = await screen.findByRole('region', { name: 'Details' });
    expect(card.textContent).not.toContain('<p>');
    expect(within(card).getByText('team').tagName).toBe('STRONG');
    expect(card.querySelector('img, script, [onerror]')).toBeNull();
    const dates = await screen.findByTestId('workspace-dates');
    expect(within(card).getByText(dates.textContent)).toBeTruthy();
    expect(dates.textContent).toBe('Dec 1, 2031, 10:00 AM GMT – Dec 1, 2031, 11:00 AM GMT');
  });
});

describe('event dashboard order', () => {
  it('shows the viewers now and readiness first, and keeps Duplicate, Save as Template and Delete under More actions', async () => {
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(eventFixture({ id: 'e-1', title: 'Launch Day' })),
    });
    await screen.findByRole('region', { name: 'Details' });
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(regions.slice(0, 3)).toEqual(['Viewers now', 'Readiness', 'Details']);
    // A phone's first screen carries no destructive button: Delete is one deliberate tap further.
    for (const action of ['Duplicate', 'Save as Template', 'Delete'])
      expect(screen.queryByRole('button', { name: action })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Calendar Invites' })).toBeTruthy();
    const { entries } = await openMenu(userEvent, screen.getByRole('button', { name: 'More actions' }));
    expect(entries).toEqual(['Duplicate', 'Save as Template', 'Delete']);
  });
});

describe('event dashboard readiness', () => {
  it('keeps the readiness list in one box of one height, loading or loaded, so Edit details below it stays put', async () => {
    let answer!: (response: Response) => void;
    const held = new Promise<Response>((resolve) => (answer = resolve));
    const warning = (n: number) => ({
      key: 'SESSION_WITHOUT_SPEAKERS',
      area: 'agenda',
      message: `Session "Talk ${n}" has no speakers.`,
      actionRequired: 'Add speakers',
      action: `/events/e-1/programs/agenda?broadcastId=s-${n}`,
      entityId: `s-${n}`,
    });
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(eventFixture({ id: 'e-1', title: 'Launch Day' }), (path) =>
        path.startsWith('/api/event/e-1/alert_centre/') ? held : undefined,
      ),
    });
    const box = await screen.findByRole('group', { name: 'Readiness warnings' });
    expect(within(box).getByLabelText('Loading readiness')).toBeTruthy();
    const height = box.closest<HTMLElement>('.mantine-ScrollArea-root')?.style.height;
    expect(height).toContain(`${READINESS_HEIGHT / 16}rem`);

    answer(json(200, { failed_checks: Array.from({ length: 12 }, (_, n) => warning(n)) }));
    expect(await within(box).findByText('Session "Talk 11" has no speakers.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Readiness warnings' })).toBe(box);
    expect(box.closest<HTMLElement>('.mantine-ScrollArea-root')?.style.height).toBe(height);
    // Scrollable, so reachable by keyboard even where a warning carries no link.
    expect(box.tabIndex).toBe(0);
  });
});

describe('a recording on its dashboard', () => {
  it('offers neither Reschedule nor Send Calendar Invites, nor shows dates or a time badge: a recording has no schedule', async () => {
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(eventFixture({ id: 'e-1', title: 'Product Tour', event_type: 'Recording' })),
    });
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
    for (const action of ['Reschedule', 'Send Calendar Invites'])
      expect(screen.queryByRole('button', { name: action })).toBeNull();
    // Its stored times (Dec 1, 2031) are no dates of its: neither the header nor Details shows them.
    expect(screen.queryByTestId('workspace-dates')).toBeNull();
    expect(details.textContent).not.toContain('2031');
    for (const badge of ['UPCOMING', 'LIVE', 'PAST']) expect(screen.queryByText(badge)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Product Tour', level: 1 })).toBeTruthy();
  });
});

describe("a recording's video", () => {
  const tour = videoAsset({ id: '22222222-2222-4222-8222-222222222222', name: 'Product tour' });

  it('is chosen on its page from the library, as the video its stage and pages play', async () => {
    let recording = eventFixture({ id: 'r-1', title: 'Walkthrough', event_type: 'Recording' });
    const { fetchMock } = openStudio('/recording-event/r-1', {
      user: ada,
      routes: (url, init) => {
        const path = url.split('?')[0];
        if (path === '/api/event/r-1/' && init.method === 'PATCH') {
          recording = { ...recording, ...(JSON.parse(init.body as string) as Partial<StudioEvent>) };
          return json(200, recording);
        }
        if (path === `/api/core/video_assets/${tour.id}/`) return json(200, tour);
        if (path === '/api/core/video_assets/') return page([tour]);
        return eventPageRoutes(recording)(url, init);
      },
    });
    const card = await screen.findByRole('region', { name: 'Video' });
    expect(screen.queryByRole('region', { name: 'Buffer video' })).toBeNull();
    expect(within(card).getByText('No video chosen yet: attendees have nothing to watch.')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Select Video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Video' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Select Product tour' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/r-1/', 'PATCH')).toEqual([
        { stage_roll_video_asset: tour.id },
      ]),
    );
    expect((await within(card).findByTestId('chosen-video-name')).textContent).toBe('Product tour');
    // Not a programme: nothing of sessions, speakers or live inputs to add on its one page.
    const regions = screen
      .getAllByRole('region')
      .filter((region) => region.classList.contains('mantine-Card-root'))
      .map((region) => region.getAttribute('aria-label'));
    expect(regions).toEqual([
      'Viewers now',
      'Readiness',
      'Details',
      'Video',
      'Registrants',
      'Videos in use',
      'Emails',
    ]);
  });

  it("is an event's buffer video, chosen in its look and feel", async () => {
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(eventFixture({ id: 'e-1', title: 'Launch Day' })),
    });
    await screen.findByRole('region', { name: 'Buffer video' });
    expect(screen.queryByRole('region', { name: 'Video' })).toBeNull();
  });
});
