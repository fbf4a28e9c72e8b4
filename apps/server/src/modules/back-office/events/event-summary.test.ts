import type { EventSummary, StudioEvent } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../../access/access.fixtures.ts';
import { peopleApi, speakerDetails } from '../../event-roles/event-roles.fixtures.ts';
import { agendaApi, libraryVideo } from '../../programme/agenda/agenda.fixtures.ts';
import {
  register,
  registrant,
  registrationEvent,
} from '../../registration/registrants/registrants.fixtures.ts';
import { caller, type Api } from '../back-office.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, admin, api } = fileStudioWithAdmin('Summary Org');

const summaryOf = (as: Api, eventId: string) => as.get<EventSummary>(`/api/event/${eventId}/summary/`);

describe('GET /api/event/{id}/summary/ (the event dashboard)', () => {
  it('answers nothing yet for a new event', async () => {
    const event = await registrationEvent(api);
    const summary = await summaryOf(api, event.id);
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      sessions: 0,
      speakers: { count: 0, invited: 0 },
      registrants: { registered: 0, waitlisted: 0, checked_in: 0, capacity: null },
      live_inputs: [],
      // The default reminders wait to be sent: the registrants' and the speakers' and staff's (a day and an hour before).
      emails: { scheduled: 6, sent: 0, failed: 0 },
      videos: [],
      filler_slide: false,
    });
  });

  it('counts the sessions, speakers, registrants against the seats, live inputs, emails and the videos in use, gathered from their areas', async () => {
    const event: StudioEvent = await registrationEvent(api, {
      registration_capacity: 1,
      waitlist_enabled: true,
    });
    const keynoteVideo = await libraryVideo(studio, admin.organization.id, 'COMPLETE');
    const bufferVideo = await libraryVideo(studio, admin.organization.id, 'COMPLETE');
    const start = new Date(event.start_time);
    const session = await agendaApi(api).createSession({
      event: event.id,
      title: 'Keynote',
      broadcast_type: 'SIMULIVE',
      video_assets: [keynoteVideo],
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
    });
    expect(session.status).toBe(201);
    const speaker = await peopleApi(api).create({
      event: event.id,
      role: 4,
      ...speakerDetails('Ada'),
    });
    expect(speaker.status).toBe(201);
    const input = await api.post<{ id: string }>('/api/event/rtmp_inputs/', {
      name: 'Camera',
      event: event.id,
    });
    expect(input.status).toBe(201);
    expect((await api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: bufferVideo })).status).toBe(
      200,
    );
    expect((await register(studio, event.id, registrant('First'))).body.event_user_status).toBe(
      'REGISTRATION',
    );
    expect((await register(studio, event.id, registrant('Second'))).body.event_user_status).toBe(
      'WAITLISTED',
    );

    const summary = await summaryOf(api, event.id);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      sessions: 1,
      speakers: { count: 1 },
      registrants: { registered: 1, waitlisted: 1, checked_in: 0, capacity: 1 },
      live_inputs: [
        {
          id: input.body.id,
          name: 'Camera',
          channel_states: expect.any(Array) as unknown,
          feeds: { primary: false, failover: false, degraded: false, error: null },
        },
      ],
      filler_slide: false,
    });
    expect(summary.body.videos).toEqual([
      { id: bufferVideo, title: 'Talk complete', buffer: true },
      { id: keynoteVideo, title: 'Talk complete', buffer: false },
    ]);
  });

  it("answers 404 for another organisation's event and 401 without a caller", async () => {
    const event = await registrationEvent(api);
    const other = await newAdmin(studio, 'Other Summary Org');
    expect((await summaryOf(caller(studio, other.access), event.id)).status).toBe(404);
    expect(
      (await studio.app.inject({ method: 'GET', url: `/api/event/${event.id}/summary/` })).statusCode,
    ).toBe(401);
  });
});
