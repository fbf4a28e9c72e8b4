import {
  scheduleItemOf,
  type AlertCentre,
  type EmailScheduleList,
  type ReadinessWarning,
  type Series,
} from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { madeBeforeAll } from '../../../test/file-studio.ts';
import { fileListeningStudio, watchEvent } from '../../../test/listening.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { at, caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { peopleApi, speakerDetails } from '../event-roles/event-roles.fixtures.ts';
import { agendaApi, libraryVideo } from '../programme/agenda/agenda.fixtures.ts';

const studio = fileListeningStudio();
const admin = madeBeforeAll(() => newAdmin(studio, 'Ready Org'));
const api = madeBeforeAll(() => caller(studio, admin.access));
const other = madeBeforeAll(async () => caller(studio, (await newAdmin(studio, 'Other Org')).access));

const base = new Date(Date.UTC(2031, 4, 4, 8));
const iso = (minutes: number) => at(base, minutes).toISOString();

const checksOf = async (eventId: string) => {
  const answer = await api.get<AlertCentre>(`/api/event/${eventId}/alert_centre/`);
  expect(answer.status).toBe(200);
  return answer.body.failed_checks;
};
const keysOf = (checks: ReadinessWarning[]) => checks.map((check) => check.key).sort();

describe('GET /api/event/{id}/alert_centre/ (002 §7.11, §8.6)', () => {
  it('names the gaps of an event from its areas’ facts, each linked to where it is fixed', async () => {
    const event = await newEvent(api, { title: 'Gaps', start: at(base, 0), end: at(base, 240) });
    const agenda = agendaApi(api);
    const live = (
      await agenda.createSession({
        event: event.id,
        title: 'Opening',
        broadcast_type: 'LIVE',
        start_time: iso(0),
        end_time: iso(30),
      })
    ).body;
    // A session takes only processed videos; this one processes again afterwards (re-transcoded).
    const video = await libraryVideo(studio, admin.organization.id, 'COMPLETE', 20 * 60);
    const replay = await agenda.createSession({
      event: event.id,
      title: 'Replay',
      broadcast_type: 'SIMULIVE',
      start_time: iso(60),
      end_time: iso(90),
      video_assets: [video],
    });
    expect(replay.status).toBe(201);
    await studio.database.db
      .updateTable('video_assets')
      .set({ transcode_status: 'PROGRESSING' })
      .where('id', '=', video)
      .execute();
    const speaker = await peopleApi(api).create({ event: event.id, role: 4, ...speakerDetails('Ada') });
    expect(speaker.status).toBe(201);

    const checks = await checksOf(event.id);
    expect(keysOf(checks)).toEqual([
      'NO_PROCESSED_VIDEOS',
      'SESSION_NOT_IN_TRACK',
      'SESSION_NOT_IN_TRACK',
      'SESSION_WITHOUT_SPEAKERS',
      'SIMULIVE_VIDEO_LENGTH',
      'SPEAKER_NO_BROADCASTS',
      'SPEAKER_TECH_CHECK',
      'VIDEO_PROBLEM',
    ]);
    expect(checks.find((check) => check.key === 'SESSION_WITHOUT_SPEAKERS')).toEqual({
      key: 'SESSION_WITHOUT_SPEAKERS',
      area: 'agenda',
      message: 'Session "Opening" has no speakers.',
      actionRequired: 'Add speakers',
      action: `/events/${event.id}/programs/agenda?broadcastId=${live.id}`,
      entityId: live.id,
      broadcast_id: live.id,
      broadcast_title: 'Opening',
    });
    expect(checks.find((check) => check.key === 'SPEAKER_TECH_CHECK')).toMatchObject({
      message: 'Speaker Ada Speaker has not completed the tech check.',
      action: `/events/${event.id}/programs/speakers`,
      user_first_name: 'Ada',
    });

    // The speaker's tech check (the event app's record) clears that warning on the next ask.
    await studio.database.db
      .insertInto('event_app_tech_checks')
      .values({
        event_id: event.id,
        user_id: speaker.body.user.id,
        camera: 'passed',
        microphone: 'passed',
        speakers: 'passed',
        network: 'passed',
      })
      .execute();
    expect(keysOf(await checksOf(event.id))).not.toContain('SPEAKER_TECH_CHECK');
  });

  it('warns when registration confirmation emails are off', async () => {
    const event = await newEvent(api, { title: 'Quiet', start: at(base, 0), end: at(base, 60) });
    expect(keysOf(await checksOf(event.id))).not.toContain('CONFIRMATIONS_OFF');
    const schedules = await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${event.id}`);
    const registration = schedules.body.results.find((schedule) => schedule.email_type === 'Registration')!;
    expect(
      (await api.patch(`/api/event/email_schedules/${registration.id}/`, { active: false })).status,
    ).toBe(200);
    const checks = await checksOf(event.id);
    expect(checks.find((check) => check.key === 'CONFIRMATIONS_OFF')).toMatchObject({
      message: 'Registration confirmation emails will not be sent.',
      action: `/events/${event.id}/email/schedule`,
    });
  });

  it('checks the templates of the emails that go out: none of a recording’s reminders do', async () => {
    const bareReminder = async (eventId: string) => {
      const template = await api.post<{ id: string }>('/api/event/email_templates/', {
        event: eventId,
        name: 'Bare reminder',
        email_html: '<p>See you soon.</p>',
      });
      expect(template.status).toBe(201);
      const path = `/api/event/email_schedules/?event=${eventId}`;
      const reminder = (await api.get<EmailScheduleList>(path)).body.results.find(
        (schedule) => schedule.email_type === 'Reminder-1d',
      )!;
      const saved = await api.put(`/api/event/email_schedules/bulk/?event=${eventId}`, {
        schedules: [{ ...scheduleItemOf(reminder), active: true, email_template: template.body.id }],
      });
      expect(saved.status).toBe(200);
      return checksOf(eventId);
    };
    const timed = await newEvent(api, { title: 'Timed', start: at(base, 0), end: at(base, 60) });
    expect(keysOf(await bareReminder(timed.id))).toContain('TEMPLATE_MISSING_MAGIC_LINK');
    const recording = await api.post<{ id: string }>('/api/event/', {
      title: 'Tour',
      event_type: 'Recording',
    });
    expect(recording.status).toBe(201);
    expect(keysOf(await bareReminder(recording.body.id))).not.toContain('TEMPLATE_MISSING_MAGIC_LINK');
  });

  it('warns while a recording has no video to watch, and links its page to choose one', async () => {
    const recording = await api.post<{ id: string }>('/api/event/', {
      title: 'Demo',
      event_type: 'Recording',
    });
    expect(recording.status).toBe(201);
    const [missing] = await checksOf(recording.body.id);
    expect(missing).toMatchObject({
      key: 'RECORDING_WITHOUT_VIDEO',
      action: `/recording-event/${recording.body.id}`,
    });
    const video = await libraryVideo(studio, admin.organization.id, 'COMPLETE', 5 * 60);
    const chosen = await api.patch(`/api/event/${recording.body.id}/`, { stage_roll_video_asset: video });
    expect(chosen.status).toBe(200);
    expect(keysOf(await checksOf(recording.body.id))).not.toContain('RECORDING_WITHOUT_VIDEO');
  });

  it('names nothing once the event has ended: readiness is what is missing before it (002 §1)', async () => {
    const event = await newEvent(api, { title: 'Ended', start: at(base, 0), end: at(base, 60) });
    const schedules = await api.get<EmailScheduleList>(`/api/event/email_schedules/?event=${event.id}`);
    const registration = schedules.body.results.find((schedule) => schedule.email_type === 'Registration')!;
    expect(
      (await api.patch(`/api/event/email_schedules/${registration.id}/`, { active: false })).status,
    ).toBe(200);
    expect(keysOf(await checksOf(event.id))).toContain('CONFIRMATIONS_OFF');
    await studio.database.db
      .updateTable('events')
      .set({ start_time: new Date('2020-05-04T08:00:00Z'), end_time: new Date('2020-05-04T09:00:00Z') })
      .where('id', '=', event.id)
      .execute();
    expect(await checksOf(event.id)).toEqual([]);
  });

  it('answers 404 for another organisation’s event or series', async () => {
    const event = await newEvent(api, { title: 'Mine', start: at(base, 0), end: at(base, 60) });
    expect((await other.get(`/api/event/${event.id}/alert_centre/`)).status).toBe(404);
    const series = await api.post<Series>('/api/event/series/', {
      name: 'Mine',
      events: [event.id],
      tags: [],
    });
    expect(series.status).toBe(201);
    expect((await other.get(`/api/event/series/${series.body.id}/alert_centre/`)).status).toBe(404);
    const own = await api.get<AlertCentre>(`/api/event/series/${series.body.id}/alert_centre/`);
    expect(own.status).toBe(200);
    expect(own.body.failed_checks).toEqual([]);
  });

  it('warns when the series’ registration page has no event list, or more than one', async () => {
    const event = await newEvent(api, { title: 'Listed', start: at(base, 0), end: at(base, 60) });
    const series = await api.post<Series>('/api/event/series/', {
      name: 'Listed',
      events: [event.id],
      tags: [],
    });
    const path = `/api/event/series/${series.body.id}`;
    const checks = async () => (await api.get<AlertCentre>(`${path}/alert_centre/`)).body.failed_checks;
    const listOf = (...ids: string[]) => ({
      content: ids.map((id) => ({ type: 'EventList', props: { id, heading: 'Events' } })),
      root: { props: { title: '', description: '', image: '' } },
    });
    expect(keysOf(await checks())).not.toContain('SERIES_EVENT_LIST_ROWS');
    for (const [page, message] of [
      [listOf(), 'The registration page has no event list.'],
      [listOf('a', 'b'), 'The registration page has more than one event list.'],
    ] as const) {
      expect((await api.put(`${path}/page/?kind=registration`, { builder_raw_json: page })).status).toBe(200);
      expect((await checks()).find((check) => check.key === 'SERIES_EVENT_LIST_ROWS')).toMatchObject({
        message,
        actionRequired: 'Edit the registration page',
        action: `/series/${series.body.id}/registration/page/page-builder`,
      });
    }
    expect((await api.put(`${path}/page/?kind=registration`, { builder_raw_json: listOf('a') })).status).toBe(
      200,
    );
    expect(keysOf(await checks())).not.toContain('SERIES_EVENT_LIST_ROWS');
  });

  it('pushes readiness-updated to the event’s open studios after a change of its agenda', async () => {
    const event = await newEvent(api, { title: 'Pushed', start: at(base, 0), end: at(base, 60) });
    const watching = await watchEvent(studio.publicUrl, admin, event.id, `/events/${event.id}/dashboard`);
    const elsewhere = await watchEvent(studio.publicUrl, admin, null);
    expect((await agendaApi(api).createTrack({ event: event.id, title: 'Main' })).status).toBe(201);
    await watching.until(() => watching.of('readiness-updated').length > 0);
    expect(watching.of('readiness-updated')[0]).toEqual({ eventId: event.id });
    expect(elsewhere.of('readiness-updated')).toEqual([]);
    for (const client of [watching, elsewhere]) client.socket.close();
  });
});
