import { describe, expect, it } from 'vitest';
import { registrantsByStatus, totalRegistrantsSchema } from './api.ts';
import {
  awaitsApproval,
  EVENT_USER_STATUSES,
  registrantStatusLabel,
  type EventUserStatus,
} from './constants.ts';
import { registrantListAddressSchema, seriesRegistrantListAddressSchema } from './list-addresses.ts';
import { bulkModerationFailure, memberActions } from './member-actions.ts';

describe('registrants list addresses', () => {
  it('reads statuses repeated or comma-separated and drops unknown ones', () => {
    expect(registrantListAddressSchema.parse({ status: 'WAITLISTED,BOGUS', page: '2' })).toEqual({
      search: '',
      status: ['WAITLISTED'],
      page: 2,
    });
    expect(registrantListAddressSchema.parse({ status: ['REJECTED', 'CANCELED'] }).status).toEqual([
      'REJECTED',
      'CANCELED',
    ]);
  });

  it('sorts series registrants by first name unless told, and falls back on a bad sort', () => {
    expect(seriesRegistrantListAddressSchema.parse({})).toEqual({
      search: '',
      sort: 'first_name',
      company: [],
      events: [],
      page: 1,
    });
    expect(seriesRegistrantListAddressSchema.parse({ sort: 'full_name' }).sort).toBe('first_name');
    expect(
      seriesRegistrantListAddressSchema.parse({ sort: '-company', company: 'Acme,Initech' }),
    ).toMatchObject({ sort: '-company', company: ['Acme', 'Initech'] });
  });
});

describe('memberActions', () => {
  it('approves in approval mode and promotes otherwise; both lead to Registered', () => {
    expect(memberActions('WAITLISTED', true)).toEqual([
      { label: 'Approve', to: 'REGISTRATION' },
      { label: 'Reject', to: 'REJECTED' },
    ]);
    expect(memberActions('WAITLISTED', false)[0]).toEqual({
      label: 'Promote from waitlist',
      to: 'REGISTRATION',
    });
  });

  it('never offers the status a registrant already has', () => {
    for (const status of EVENT_USER_STATUSES as readonly EventUserStatus[]) {
      const actions = memberActions(status, false);
      expect(actions.length).toBeGreaterThan(0);
      expect(actions.map((action) => action.to)).not.toContain(status);
    }
  });
});

describe('bulkModerationFailure (002 §8.10)', () => {
  it("prefers the server's detail, then the action's message, then the fallback", () => {
    expect(bulkModerationFailure('block', { detail: 'Only 5000 users at once.' })).toBe(
      'Only 5000 users at once.',
    );
    expect(bulkModerationFailure('block', { detail: null })).toBe('Error in banning event users');
    expect(bulkModerationFailure('unblock', { detail: null })).toBe('Error in unbanning event users');
    expect(bulkModerationFailure('delete', null)).toBe('Error in deleting users. Please try again');
  });
});

describe('total registrants by status', () => {
  it('lists all six statuses, 0 for those nobody holds, adding up repeated ones', () => {
    expect(
      registrantsByStatus([
        { status: 'WAITLISTED', count: '3' },
        { status: 'REGISTRATION', count: 2 },
        { status: 'WAITLISTED', count: 1n },
      ]),
    ).toEqual({ REGISTRATION: 2, ATTENDED: 0, EVENT_NO_SHOW: 0, WAITLISTED: 4, REJECTED: 0, CANCELED: 0 });
  });

  it('refuses an answer that leaves a status out', () => {
    const byStatus = registrantsByStatus([]);
    expect(totalRegistrantsSchema.safeParse({ count: 0, by_status: byStatus, results: [] }).success).toBe(
      true,
    );
    const { CANCELED: _left, ...partial } = byStatus;
    expect(totalRegistrantsSchema.safeParse({ count: 0, by_status: partial, results: [] }).success).toBe(
      false,
    );
  });
});

describe('a Waitlisted registrant', () => {
  it('awaits approval at an event requiring it, else a seat; the lists say which', () => {
    expect(awaitsApproval('WAITLISTED', true)).toBe(true);
    expect(awaitsApproval('WAITLISTED', false)).toBe(false);
    expect(awaitsApproval('REGISTRATION', true)).toBe(false);
    expect(registrantStatusLabel('WAITLISTED', true)).toBe('Awaiting approval');
    expect(registrantStatusLabel('WAITLISTED', false)).toBe('Waitlisted');
    expect(registrantStatusLabel('REJECTED', true)).toBe('Rejected');
  });
});
