import { describe, expect, it } from 'vitest';
import type { EventRegistrationSettings, StudioEventDetail } from '@studio/domain';
import { newAdmin, newMember, setPlan } from '../../access/access.fixtures.ts';
import { caller } from '../../back-office/back-office.fixtures.ts';
import {
  register,
  registrant,
  registrationEvent,
  registrationsOf,
} from '../registrants/registrants.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, admin, api } = fileStudioWithAdmin('Registration Settings Org', {
  role: 'all',
  jobs: { pollIntervalMs: 50 },
});

const settingsPath = (eventId: string) => `/api/event/${eventId}/registration_settings/`;

describe('GET|PATCH /api/event/{id}/registration_settings/ (issue 32 §4)', () => {
  it('answers unlimited seats, no waitlist, no approval until set; a PATCH changes only what it gives', async () => {
    const event = await registrationEvent(api);
    expect((await api.get<EventRegistrationSettings>(settingsPath(event.id))).body).toEqual({
      registration_capacity: null,
      waitlist_enabled: false,
      registration_approval_required: false,
    });
    const set = await api.patch<EventRegistrationSettings>(settingsPath(event.id), {
      registration_capacity: 80,
      waitlist_enabled: true,
    });
    expect(set).toMatchObject({
      status: 200,
      body: { registration_capacity: 80, waitlist_enabled: true, registration_approval_required: false },
    });
    await api.patch(settingsPath(event.id), { registration_approval_required: true });
    expect((await api.get<EventRegistrationSettings>(settingsPath(event.id))).body).toEqual({
      registration_capacity: 80,
      waitlist_enabled: true,
      registration_approval_required: true,
    });
    // The event's own answer no longer carries them, and its PATCH does not write them.
    const detail = await api.get<StudioEventDetail>(`/api/event/${event.id}/`);
    expect(detail.body).not.toHaveProperty('registration_capacity');
    await api.patch(`/api/event/${event.id}/`, { registration_capacity: 5 });
    expect(
      (await api.get<EventRegistrationSettings>(settingsPath(event.id))).body.registration_capacity,
    ).toBe(80);
    const unlimited = await api.patch<EventRegistrationSettings>(settingsPath(event.id), {
      registration_capacity: null,
    });
    expect(unlimited.body.registration_capacity).toBeNull();
  });

  it('refuses a capacity under 1 and unknown fields (400 with the field)', async () => {
    const event = await registrationEvent(api);
    const zero = await api.patch<{ errors: Record<string, string[]> }>(settingsPath(event.id), {
      registration_capacity: 0,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toHaveProperty('registration_capacity');
    expect((await api.patch(settingsPath(event.id), { seats: 3 })).status).toBe(400);
  });

  it('answers 404 for another organisation’s event and 403 without event:update to change them', async () => {
    const event = await registrationEvent(api, { registration_capacity: 3 });
    const outsider = caller(studio, (await newAdmin(studio, 'Other Settings Org')).access);
    expect((await outsider.get(settingsPath(event.id))).status).toBe(404);
    expect((await outsider.patch(settingsPath(event.id), { registration_capacity: 9 })).status).toBe(404);
    const brandEditor = caller(
      studio,
      (await newMember(studio, admin.organization.id, 'BRAND_EDITOR')).access,
    );
    expect((await brandEditor.get(settingsPath(event.id))).status).toBe(200);
    expect((await brandEditor.patch(settingsPath(event.id), { registration_capacity: 9 })).status).toBe(403);
    expect(
      (await api.get<EventRegistrationSettings>(settingsPath(event.id))).body.registration_capacity,
    ).toBe(3);
  });

  it('gates seats and the waitlist on the plan; the approval mode is free', async () => {
    const admin = await newAdmin(studio, 'Small Plan Org');
    const small = caller(studio, admin.access);
    await setPlan(studio, admin.organization.id, 'starter', {});
    const event = await registrationEvent(small);
    const capped = await small.patch<{ code: string }>(settingsPath(event.id), { registration_capacity: 10 });
    expect(capped).toMatchObject({ status: 403, body: { code: 'FEATURE_NOT_ENABLED' } });
    expect((await small.patch(settingsPath(event.id), { waitlist_enabled: true })).status).toBe(403);
    expect((await small.patch(settingsPath(event.id), { registration_approval_required: true })).status).toBe(
      200,
    );
    expect((await small.get<EventRegistrationSettings>(settingsPath(event.id))).body).toEqual({
      registration_capacity: null,
      waitlist_enabled: false,
      registration_approval_required: true,
    });
  });

  it('more seats promote the first of the waitlist before the PATCH answers', async () => {
    const event = await registrationEvent(api, { registration_capacity: 1, waitlist_enabled: true });
    const [seated, first, second] = [registrant('Seated'), registrant('First'), registrant('Second')];
    for (const person of [seated, first, second]) await register(studio, event.id, person);
    expect((await registrationsOf(studio, event.id)).get(first.email)?.status).toBe('WAITLISTED');
    expect((await api.patch(settingsPath(event.id), { registration_capacity: 2 })).status).toBe(200);
    const rows = await registrationsOf(studio, event.id);
    expect(rows.get(first.email)?.status).toBe('REGISTRATION');
    expect(rows.get(second.email)?.status).toBe('WAITLISTED');
  });
});
