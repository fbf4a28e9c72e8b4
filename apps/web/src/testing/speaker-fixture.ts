import type { EventPerson, EventRoleAnswer } from '@studio/domain';

/** A person of an event as the people calls answer them (an event-only person). */
export const eventPersonFixture = (id: string, first: string): EventPerson => ({
  id,
  email: `${first.toLowerCase()}@example.com`,
  first_name: first,
  last_name: 'Speaker',
  title: 'Engineer',
  company: 'Acme',
  profile_picture_url: null,
  linkedin_url: null,
  twitter_url: null,
  bio: null,
  is_member: false,
});

/** A speaker (event role 4) of the event e-1; the fields given win. */
export const speakerFixture = (
  id: string,
  first: string,
  rank: number,
  fields: Partial<EventRoleAnswer> = {},
): EventRoleAnswer => ({
  id,
  event: 'e-1',
  role: 4,
  user_type: null,
  user: eventPersonFixture(`u-${id}`, first),
  rank,
  hidden: false,
  broadcasts: [],
  event_app_role: null,
  permission_roles: [],
  organization_user: { profile_picture_url: null },
  invited_at: null,
  created_at: '2031-01-01T00:00:00.000Z',
  ...fields,
});
