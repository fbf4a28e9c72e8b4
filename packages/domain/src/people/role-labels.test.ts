import { describe, expect, it } from 'vitest';
import { EVENT_ROLES } from '../rooms-booths/constants.ts';
import { eventPersonRoleLabel, leadingEventRole } from './rules.ts';

describe('the label of a person in an event', () => {
  it('names each role, staff by their staff role', () => {
    expect(eventPersonRoleLabel(EVENT_ROLES.SPEAKER, null)).toBe('Speaker');
    expect(eventPersonRoleLabel(EVENT_ROLES.ORGANIZER, 'PRODUCER')).toBe('Producer');
    expect(eventPersonRoleLabel(EVENT_ROLES.ORGANIZER, 'COORDINATOR')).toBe('Coordinator');
    expect(eventPersonRoleLabel(EVENT_ROLES.ORGANIZER, null)).toBe('Producer');
    expect(eventPersonRoleLabel(EVENT_ROLES.CHECK_IN_STAFF, null)).toBe('Check-in Staff');
    expect(eventPersonRoleLabel(EVENT_ROLES.SPONSOR, null)).toBe('Sponsor');
    expect(eventPersonRoleLabel(EVENT_ROLES.ATTENDEE, null)).toBe('Attendee');
  });

  it('of several roles, names the one with most access backstage', () => {
    expect(leadingEventRole([EVENT_ROLES.ATTENDEE, EVENT_ROLES.SPEAKER, EVENT_ROLES.SPONSOR])).toBe(
      EVENT_ROLES.SPEAKER,
    );
    expect(leadingEventRole([EVENT_ROLES.CHECK_IN_STAFF, EVENT_ROLES.ORGANIZER])).toBe(EVENT_ROLES.ORGANIZER);
    expect(leadingEventRole([])).toBeUndefined();
  });
});
