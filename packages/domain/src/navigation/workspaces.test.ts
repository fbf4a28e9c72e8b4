import { describe, expect, it } from 'vitest';
import { studioRoutes } from './routes.ts';
import { eventHref, templateHref } from './links.ts';
import {
  activeNavHref,
  offeredWorkspaceNav,
  workspaceNav,
  workspaceAddressAs,
  workspaceOfRoute,
  type WorkspaceNavItem,
} from './workspaces.ts';

const flat = (items: WorkspaceNavItem[]): string[] =>
  items.flatMap((item) => [item.href, ...flat(item.children)]);

describe('event workspaces (spec 001 §2.3)', () => {
  it('lists every child page of an event without a further parameter, keeping the event id', () => {
    const hrefs = flat(workspaceNav('event', 'e1'));
    const expected = studioRoutes
      .filter((route) => route.path.startsWith('/events/$eventId/'))
      .map((route) => route.path.replace('$eventId', 'e1'))
      .filter((path) => !path.includes('$'));
    expect(hrefs.sort()).toEqual(expected.sort());
    expect(hrefs).toContain('/events/e1/programs/check-in-staff');
    expect(hrefs).toContain('/events/e1/registration-new/tracking-pixels');
    expect(hrefs).toContain('/events/e1/programs/live-inputs');
  });

  it("keeps live inputs to an event's own programme (a repeating event's occurrences hold theirs)", () => {
    expect(flat(workspaceNav('repeating-event', 's1'))).not.toContain(
      '/repeating-event/s1/programs/live-inputs',
    );
  });

  it('finds the workspace of a route pattern', () => {
    expect(workspaceOfRoute('/webinar/$eventId/registration/form')).toEqual({
      kind: 'webinar',
      param: 'eventId',
    });
    expect(workspaceOfRoute('/repeating-event/$seriesId')).toEqual({
      kind: 'repeating-event',
      param: 'seriesId',
    });
    expect(workspaceOfRoute('/templates')).toBeNull();
    expect(workspaceOfRoute('/events')).toBeNull();
  });

  it('opens webinars in their own area and templates on their dashboard', () => {
    expect(eventHref({ id: 'w', event_type: 'Webinar' })).toBe('/webinar/w/details');
    expect(eventHref({ id: 'c', event_type: 'Conference' })).toBe('/events/c/dashboard');
    expect(eventHref({ id: 'r', event_type: 'Recording' })).toBe('/recording-event/r');
    expect(templateHref('t')).toBe('/templates/t/dashboard');
  });
});

describe("an object opened at another kind's workspace address", () => {
  it.each([
    [
      'repeating-event',
      '/series/s/registration/registrants?search=ada#list',
      '/repeating-event/s/registration/registrants?search=ada#list',
    ],
    ['series', '/repeating-event/s/reports/event/e-2', '/series/s/reports/event/e-2'],
    ['series', '/repeating-event/s/programs/agenda?session=1', '/series/s/dashboard'],
    ['series', '/repeating-event/s', '/series/s/dashboard'],
    ['recording', '/events/r/analytics-new', '/recording-event/r'],
    [
      'recording',
      '/events/r/email/templates?emailTemplateId=t',
      '/recording-event/r/email/templates?emailTemplateId=t',
    ],
    ['event', '/recording-event/e', '/events/e/dashboard'],
  ] as const)('moves to the same page of its own %s workspace, else its home: %s', (kind, from, to) => {
    expect(workspaceAddressAs(kind, from.split('/')[2]!, from)).toBe(to);
  });
});

describe('the workspace pages a member is offered', () => {
  const lookAndFeel = (kind: 'event' | 'webinar' | 'template' | 'repeating-event') =>
    flat(workspaceNav(kind, 'x-1')).filter((href) => href.endsWith('/look-and-feel'));

  it.each(['event', 'webinar', 'template', 'repeating-event'] as const)(
    "leaves %s's Look and Feel out without branding:update, and keeps every other page",
    (kind) => {
      expect(lookAndFeel(kind)).toHaveLength(1);
      const all = flat(workspaceNav(kind, 'x-1'));
      const offered = flat(
        offeredWorkspaceNav(workspaceNav(kind, 'x-1'), (permission) => permission !== 'branding:update'),
      );
      expect(offered).toEqual(all.filter((href) => !href.endsWith('/look-and-feel')));
    },
  );

  it('offers every page to a member holding branding:update', () => {
    const nav = workspaceNav('event', 'x-1');
    expect(offeredWorkspaceNav(nav, (permission) => permission === 'branding:update')).toEqual(nav);
  });
});

describe('activeNavHref', () => {
  const row = ['/events/e1/registration-new/page', '/events/e1/registration-new/page/page-builder'];

  it('marks only the most specific entry the page is at or under', () => {
    expect(activeNavHref(row, '/events/e1/registration-new/page/page-builder')).toBe(row[1]);
    expect(activeNavHref(row, '/events/e1/registration-new/page')).toBe(row[0]);
    expect(activeNavHref(['/events/e1/integration'], '/events/e1/integration/hubspot/settings')).toBe(
      '/events/e1/integration',
    );
  });

  it('marks none for a page outside the row, nor for a mere prefix of a segment', () => {
    expect(activeNavHref(row, '/events/e1/registration-new/pages')).toBeNull();
    expect(activeNavHref(row, '/events/e1/dashboard')).toBeNull();
  });
});
