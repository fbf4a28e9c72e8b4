import type { EventMember, EventRegistrationSettings, EventUserStatus, StudioEvent } from '@studio/domain';
import { eventFixture } from '../../testing/event-fixture.ts';
import { json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';

export /** A registrant of the event e-1. */
const member = (id: string, first: string, status: EventUserStatus, fields: Partial<EventMember> = {}) => ({
  id,
  event: 'e-1',
  user: `u-${id}`,
  email: `${first.toLowerCase()}@example.com`,
  first_name: first,
  last_name: 'Attendee',
  full_name: `${first} Attendee`,
  company: 'Acme',
  title: 'Engineer',
  events: [{ id: 'e-1', title: 'Summit' }],
  event_user_status: status,
  awaiting_approval: false,
  is_blocked: false,
  source: 'form' as const,
  answers: {},
  registered_at: '2026-11-02T10:00:00.000Z',
  waitlisted_at: null,
  checked_in_at: null,
  ...fields,
});

/** The event e-1, as GET /api/event/e-1/ answers it. */
export const registrationEvent = (fields: Partial<StudioEvent> = {}) =>
  eventFixture({ id: 'e-1', title: 'Summit', ...fields });

/** The event e-1's registration settings, as GET /api/event/e-1/registration_settings/ answers them. */
export const registrationSettings = (fields: Partial<EventRegistrationSettings> = {}) => ({
  registration_capacity: 50,
  waitlist_enabled: true,
  registration_approval_required: false,
  ...fields,
});

const totals = () =>
  json(200, {
    count: 3,
    by_status: { REGISTRATION: 2, ATTENDED: 0, EVENT_NO_SHOW: 0, WAITLISTED: 1, REJECTED: 0, CANCELED: 0 },
    results: [],
  });

/** The event e-1 and the calls the registrants page makes besides the test's own `routes`. */
export const registrantsRoutes =
  (
    routes: ExtraRoutes = () => undefined,
    event = registrationEvent(),
    settings = registrationSettings(),
  ): ExtraRoutes =>
  (path, init) => {
    const answer = routes(path, init);
    if (answer) return answer;
    const [route] = path.split('?');
    if (route === '/api/event/e-1/' && (init.method ?? 'GET') === 'GET') return json(200, event);
    if (route === '/api/event/e-1/registration_settings/') return json(200, settings);
    if (route === '/api/event/e-1/total_registrants/') return totals();
    if (route === '/api/event/e-1/attendee_links/')
      return json(200, {
        landing: 'http://events.example.test/e/e-1',
        register: 'http://events.example.test/e/e-1/register',
        on_demand: 'http://events.example.test/e/e-1/on-demand',
        embed: 'http://events.example.test/embed/e-1',
        check_in: 'http://events.example.test/e/e-1/check-in',
        self_check_in: 'http://events.example.test/e/e-1/check-in?selfCheckIn=true',
      });
    return undefined;
  };
