import { describe, expect, it } from 'vitest';
import {
  emailScheduleMessages,
  emailTemplateMessages,
  scheduleItemOf,
  templateDeletionEffect,
  type EmailSchedule,
  type EmailScheduleList,
  type EmailTemplate,
  type EmailTemplateListItem,
  type Page,
  type StudioEvent,
  type StudioTemplate,
} from '@studio/domain';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';
import { duplicatedEvent, newEvent } from '../back-office/back-office.fixtures.ts';

/** 001 §7 "Scheduled emails": list, bulk schedule update, update type; the bounds of 001 §5. */
// The workers run: duplicating an event is a workflow.
const { studio, api, outsider: other } = fileAdminAndOutsider('Schedules Org', 'Other Org', { role: 'all' });

const DAY = 86_400_000;
const PATH = '/api/event/email_schedules/';

async function upcomingEvent(startInDays = 10) {
  const start = new Date(Date.now() + startInDays * DAY);
  return newEvent(api, { title: 'Schedule Summit', start, end: new Date(start.getTime() + 2 * 3_600_000) });
}

const typeOf = (list: EmailScheduleList, emailType: string) =>
  list.results.find((schedule) => schedule.email_type === emailType)!;

describe('email schedules', () => {
  it('gives a recording, which has no schedule, no send times: its reminders and follow-ups never fall due', async () => {
    const created = await api.post<StudioEvent>('/api/event/', {
      title: 'Product Tour',
      event_type: 'Recording',
    });
    expect(created.status).toBe(201);
    const timed = (list: EmailScheduleList) =>
      list.results.filter((schedule) => schedule.trigger === 'scheduled');
    const { body } = await api.get<EmailScheduleList>(`${PATH}?event=${created.body.id}`);
    expect(timed(body).map((schedule) => schedule.email_type)).toContain('Reminder-1d');
    expect(timed(body).map((schedule) => schedule.schedule_time)).toEqual(timed(body).map(() => null));
    expect(body.context).toMatchObject({ startTime: null, endTime: null });
    // The dashboard counts none as scheduled (the demo's recording said 'Emails: 6 scheduled').
    const summary = await api.get<{ emails: { scheduled: number } }>(
      `/api/event/${created.body.id}/summary/`,
    );
    expect(summary.body.emails.scheduled).toBe(0);
    // Nor does its copy get times from the copied schedule.
    const copy = await duplicatedEvent(api, created.body.id);
    const copied = await api.get<EmailScheduleList>(`${PATH}?event=${copy}`);
    expect(timed(copied.body).every((schedule) => schedule.schedule_time === null)).toBe(true);
  });

  it('takes the send times from an event turned into a recording, and gives them back when it is turned back', async () => {
    const event = await upcomingEvent();
    const reminder = async () =>
      typeOf((await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body, 'Reminder-1d')
        .schedule_time;
    const dayBefore = new Date(new Date(event.start_time).getTime() - DAY).toISOString();
    expect(await reminder()).toBe(dayBefore);
    expect((await api.patch(`/api/event/${event.id}/`, { event_type: 'Recording' })).status).toBe(200);
    expect(await reminder()).toBeNull();
    expect((await api.patch(`/api/event/${event.id}/`, { event_type: 'Webinar' })).status).toBe(200);
    expect(await reminder()).toBe(dayBefore);
  });

  it('lists every email type of an event with its default offset and send time', async () => {
    const event = await upcomingEvent();
    const { status, body } = await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`);
    expect(status).toBe(200);
    expect(body.results.map((schedule) => schedule.email_type)).toContain('Reminder-7d');
    expect(body.results).toHaveLength(19);
    expect(typeOf(body, 'Reminder-1d')).toMatchObject({
      active: true,
      relativeTime: 'BEFORE_START',
      weeks: 0,
      days: 1,
      hours: 0,
      minutes: 0,
      audience: 'All Registrants',
      trigger: 'scheduled',
      schedule_time: new Date(new Date(event.start_time).getTime() - DAY).toISOString(),
    });
    expect(typeOf(body, 'Reminder-1d').skipped).toBe(false);
    expect(typeOf(body, 'Reminder-7d')).toMatchObject({ weeks: 1, days: 0, active: false });
    expect(typeOf(body, 'Registration')).toMatchObject({ trigger: 'on-action', schedule_time: null });
    expect(body.context).toMatchObject({
      startTime: event.start_time,
      seriesId: null,
      eventTemplateId: null,
    });
  });

  it('saves a bulk update in one go, and refuses all of it with the bounds messages verbatim', async () => {
    const event = await upcomingEvent(2);
    const saved = await api.put<EmailScheduleList>(`${PATH}bulk/?event=${event.id}`, {
      schedules: [
        {
          email_type: 'Reminder-12h',
          relativeTime: 'BEFORE_START',
          weeks: 0,
          days: 0,
          hours: 6,
          minutes: 30,
          active: true,
        },
        {
          email_type: 'Post-Event-Attendee-1d',
          relativeTime: 'AFTER_END',
          weeks: 0,
          days: 2,
          hours: 0,
          minutes: 0,
          active: true,
        },
      ],
    });
    expect(saved.status).toBe(200);
    expect(typeOf(saved.body, 'Reminder-12h')).toMatchObject({ active: true, hours: 6, minutes: 30 });
    expect(typeOf(saved.body, 'Post-Event-Attendee-1d').schedule_time).toBe(
      new Date(new Date(event.end_time).getTime() + 2 * DAY).toISOString(),
    );

    const refused = await api.put<{ message: string; errors: Record<string, string[]> }>(
      `${PATH}bulk/?event=${event.id}`,
      {
        schedules: [
          {
            email_type: 'Reminder-12h',
            relativeTime: 'BEFORE_START',
            weeks: 0,
            days: 0,
            hours: 1,
            minutes: 0,
          },
          {
            email_type: 'Reminder-7d',
            relativeTime: 'BEFORE_START',
            weeks: 1,
            days: 0,
            hours: 0,
            minutes: 0,
            active: true,
          },
          // Starts in two days: 1 d 23 h 45 min before is a quarter of an hour from now.
          {
            email_type: 'Custom',
            relativeTime: 'BEFORE_START',
            weeks: 0,
            days: 1,
            hours: 23,
            minutes: 45,
            active: true,
          },
          {
            email_type: 'OnDemand',
            relativeTime: 'AFTER_END',
            weeks: 5,
            days: 0,
            hours: 0,
            minutes: 0,
            active: true,
          },
        ],
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'Reminder-7d': [emailScheduleMessages.inPast],
      Custom: [emailScheduleMessages.tooSoon],
      'Custom.email_template': [emailScheduleMessages.templateRequired],
      OnDemand: [emailScheduleMessages.afterWindow],
    });
    expect(refused.body.message).toBe('Email Schedule Time cannot be in the past');
    // Nothing of the refused update was written.
    const after = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    expect(typeOf(after, 'Reminder-12h')).toMatchObject({ hours: 6, minutes: 30 });
  });

  it('refuses a time more than 180 days before the start', async () => {
    const event = await upcomingEvent(200);
    const refused = await api.put<{ message: string }>(`${PATH}bulk/?event=${event.id}`, {
      schedules: [
        {
          email_type: 'Custom',
          relativeTime: 'BEFORE_START',
          weeks: 27,
          days: 0,
          hours: 0,
          minutes: 0,
          active: true,
        },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Email Schedule Time cannot be before 180 days from event start time');
  });

  it('saves around default reminders already past when left as they are; a change into the past is refused', async () => {
    // Starts in twelve hours: the day-before reminders (registrants, speakers, staff) are past.
    const event = await upcomingEvent(0.5);
    const list = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    const timed = list.results.filter((schedule) => schedule.trigger !== 'on-action').map(scheduleItemOf);
    // Every timed type sent back as it is, with one change: the hour's reminder two hours before.
    const saved = await api.put<EmailScheduleList>(`${PATH}bulk/?event=${event.id}`, {
      schedules: timed.map((item) => (item.email_type === 'Reminder-1h' ? { ...item, hours: 2 } : item)),
    });
    expect(saved.status).toBe(200);
    expect(typeOf(saved.body, 'Reminder-1h').hours).toBe(2);
    expect(typeOf(saved.body, 'Reminder-1d')).toMatchObject({ active: true, days: 1 });
    // Set after its time, the day-before reminder will not be sent; the hour's, ahead, will.
    expect(typeOf(list, 'Reminder-1d').skipped).toBe(true);
    expect(typeOf(saved.body, 'Reminder-1h').skipped).toBe(false);
    // So are the speakers' and staff's day-before reminders (their sweep sends nothing that late).
    expect(typeOf(list, 'Spk-Reminder-1d').skipped).toBe(true);
    expect(typeOf(list, 'Staff-Reminder-1d').skipped).toBe(true);
    expect(typeOf(list, 'Spk-Reminder-1h').skipped).toBe(false);

    const moved = await api.put<{ message: string; errors: Record<string, string[]> }>(
      `${PATH}bulk/?event=${event.id}`,
      { schedules: [{ ...scheduleItemOf(typeOf(list, 'Reminder-1h')), hours: 13 }] },
    );
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ 'Reminder-1h': ['Email Schedule Time cannot be in the past'] });
    const daily = typeOf(list, 'Reminder-1d');
    expect((await api.patch(`${PATH}${daily.id}/`, { active: false })).status).toBe(200);
    const on = await api.patch<{ message: string }>(`${PATH}${daily.id}/`, { active: true });
    expect(on.status).toBe(400);
    expect(on.body.message).toBe(emailScheduleMessages.inPast);
  });

  it('refuses an active custom email left on the default template, in a bulk save and when switched on', async () => {
    const event = await upcomingEvent(3);
    const custom = {
      email_type: 'Custom',
      relativeTime: 'BEFORE_START',
      weeks: 0,
      days: 0,
      hours: 0,
      minutes: 58,
      active: true,
    };
    const refused = await api.put<{ message: string; errors: Record<string, string[]> }>(
      `${PATH}bulk/?event=${event.id}`,
      { schedules: [custom] },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Choose a template for the custom email.');
    expect(refused.body.errors).toEqual({
      'Custom.email_template': [emailScheduleMessages.templateRequired],
    });
    const list = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    expect(typeOf(list, 'Custom').active).toBe(false);
    const switched = await api.patch<{ message: string }>(`${PATH}${typeOf(list, 'Custom').id}/`, {
      active: true,
    });
    expect(switched.status).toBe(400);
    expect(switched.body.message).toBe(emailScheduleMessages.templateRequired);

    // A template of another event, or one deleted, is refused by name of the type.
    const elsewhere = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event: (await upcomingEvent(3)).id,
      name: 'Their news',
    });
    const deleted = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event: event.id,
      name: 'Old news',
    });
    expect((await api.delete(`/api/event/email_templates/${deleted.body.id}/`)).status).toBe(204);
    for (const id of [elsewhere.body.id, deleted.body.id]) {
      const gone = await api.put<{ message: string; errors: Record<string, string[]> }>(
        `${PATH}bulk/?event=${event.id}`,
        { schedules: [{ ...custom, email_template: id }] },
      );
      expect(gone.status).toBe(400);
      expect(gone.body.errors).toEqual({ 'Custom.email_template': [emailScheduleMessages.templateGone] });
    }

    const template = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event: event.id,
      name: 'Our news',
    });
    const saved = await api.put<EmailScheduleList>(`${PATH}bulk/?event=${event.id}`, {
      schedules: [{ ...custom, email_template: template.body.id }],
    });
    expect(saved.status).toBe(200);
    expect(typeOf(saved.body, 'Custom')).toMatchObject({ active: true, email_template: template.body.id });
    const off = await api.put(`${PATH}bulk/?event=${event.id}`, {
      schedules: [{ ...custom, active: false, email_template: null }],
    });
    expect(off.status).toBe(200);
  });

  it('lets go of a deleted template: reminders send their default, the custom email is switched off', async () => {
    const event = await upcomingEvent(3);
    const template = async (name: string) =>
      (await api.post<EmailTemplate>('/api/event/email_templates/', { event: event.id, name })).body.id;
    const [reminder, news] = [await template('Our reminder'), await template('Our news')];
    const list = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    const saved = await api.put<EmailScheduleList>(`${PATH}bulk/?event=${event.id}`, {
      schedules: [
        { ...scheduleItemOf(typeOf(list, 'Reminder-1d')), email_template: reminder },
        { ...scheduleItemOf(typeOf(list, 'Custom')), days: 1, active: true, email_template: news },
      ],
    });
    expect(saved.status).toBe(200);

    expect((await api.delete(`/api/event/email_templates/${reminder}/`)).status).toBe(204);
    expect((await api.delete(`/api/event/email_templates/${news}/`)).status).toBe(204);
    const after = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    expect(typeOf(after, 'Reminder-1d')).toMatchObject({ active: true, email_template: null });
    expect(typeOf(after, 'Custom')).toMatchObject({ active: false, email_template: null });
    expect(templateDeletionEffect(reminder, saved.body.results)).toBe(
      'Reminder 1 day before will send the default template instead.',
    );
    expect(templateDeletionEffect(news, saved.body.results)).toBe(
      'The custom email that sends it will be switched off.',
    );
  });

  it('refuses a schedule sending a template saved without a subject, on its template field', async () => {
    const event = await upcomingEvent(10);
    const created = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event: event.id,
      name: 'Untitled news',
    });
    const list = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    const reminder = { ...scheduleItemOf(typeOf(list, 'Reminder-1d')), email_template: created.body.id };
    const custom = {
      ...scheduleItemOf(typeOf(list, 'Custom')),
      active: true,
      email_template: created.body.id,
    };
    // Chosen while it had one; then emptied as templates saved before the subject was required are.
    expect((await api.put(`${PATH}bulk/?event=${event.id}`, { schedules: [reminder] })).status).toBe(200);
    await studio.database.db
      .updateTable('email_templates')
      .set({ subject: '' })
      .where('id', '=', created.body.id)
      .execute();

    const noSubject = { message: emailTemplateMessages.subjectMissing, code: 'VALIDATION_ERROR' };
    const chosen = await api.put<{ message: string; errors: Record<string, string[]> }>(
      `${PATH}bulk/?event=${event.id}`,
      { schedules: [custom] },
    );
    expect(chosen.status).toBe(400);
    expect(chosen.body).toMatchObject(noSubject);
    expect(chosen.body.errors).toEqual({ 'Custom.email_template': [emailTemplateMessages.subjectMissing] });
    // The reminder that sends it: a change of its time is refused too, and switching it back on.
    const moved = await api.put<{ message: string; errors: Record<string, string[]> }>(
      `${PATH}bulk/?event=${event.id}`,
      { schedules: [{ ...reminder, hours: 2 }] },
    );
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({
      'Reminder-1d.email_template': [emailTemplateMessages.subjectMissing],
    });
    const id = typeOf(list, 'Reminder-1d').id;
    expect((await api.patch(`${PATH}${id}/`, { active: false })).status).toBe(200);
    const on = await api.patch<{ message: string }>(`${PATH}${id}/`, { active: true });
    expect(on.status).toBe(400);
    expect(on.body).toMatchObject(noSubject);
    // Off, or back on the default template, it saves.
    const fixed = await api.put<EmailScheduleList>(`${PATH}bulk/?event=${event.id}`, {
      schedules: [
        { ...custom, active: false },
        { ...reminder, email_template: null },
      ],
    });
    expect(fixed.status).toBe(200);
    expect(typeOf(fixed.body, 'Reminder-1d')).toMatchObject({ active: true, email_template: null });
  });

  it('switches a type on and off, checking the bounds when switched on', async () => {
    const event = await upcomingEvent(2);
    const list = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    const weekly = typeOf(list, 'Reminder-7d');
    const refused = await api.patch<{ message: string }>(`${PATH}${weekly.id}/`, { active: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(emailScheduleMessages.inPast);
    const daily = typeOf(list, 'Reminder-1d');
    const off = await api.patch<EmailSchedule>(`${PATH}${daily.id}/`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
  });

  it('keeps a type switched off while bulk saves of its times arrive at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const event = await upcomingEvent(10);
      const daily = typeOf(
        (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body,
        'Reminder-1d',
      );
      expect(daily.active).toBe(true);
      const times = {
        email_type: 'Reminder-1d',
        relativeTime: 'BEFORE_START',
        weeks: 0,
        days: 1,
        minutes: 0,
      };
      const saves = Array.from({ length: 8 }, (_, hours) =>
        api.put(`${PATH}bulk/?event=${event.id}`, { schedules: [{ ...times, hours }] }),
      );
      const answers = await Promise.all([...saves, api.patch(`${PATH}${daily.id}/`, { active: false })]);
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 9 }, () => 200));
      const after = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
      expect(typeOf(after, 'Reminder-1d').active).toBe(false);
    }
  });

  it('moves the send time when the event is rescheduled', async () => {
    const event = await upcomingEvent(5);
    const before = typeOf(
      (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body,
      'Reminder-1h',
    );
    const start = new Date(new Date(event.start_time).getTime() + 3 * DAY);
    const moved = await api.post(`/api/event/${event.id}/reschedule/`, {
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    const after = typeOf((await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body, 'Reminder-1h');
    expect(after.schedule_time).toBe(new Date(start.getTime() - 3_600_000).toISOString());
    expect(after.schedule_time).not.toBe(before.schedule_time);

    const edited = new Date(start.getTime() + DAY);
    await api.patch(`/api/event/${event.id}/`, {
      start_time: edited.toISOString(),
      end_time: new Date(edited.getTime() + 3_600_000).toISOString(),
    });
    const again = typeOf((await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body, 'Reminder-1h');
    expect(again.schedule_time).toBe(new Date(edited.getTime() - 3_600_000).toISOString());
  });

  it("copies an event's templates and its schedule's choice of template to a duplicate and through a template", async () => {
    const source = await upcomingEvent();
    const custom = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event: source.id,
      name: 'Our reminder',
    });
    expect(custom.status).toBe(201);
    const chosen = {
      email_type: 'Reminder-1d',
      relativeTime: 'BEFORE_START',
      weeks: 0,
      days: 1,
      hours: 0,
      minutes: 0,
      active: true,
      email_template: custom.body.id,
    };
    expect((await api.put(`${PATH}bulk/?event=${source.id}`, { schedules: [chosen] })).status).toBe(200);

    /** The copy holds its own 'Our reminder', and its Reminder-1d sends that one, not the source's. */
    async function expectOwnCopy(eventId: string, sourceTemplateId: string) {
      const templates = await api.get<Page<EmailTemplateListItem>>(
        `/api/event/email_templates/?event=${eventId}&limit=100`,
      );
      const copy = templates.body.results.find((template) => template.name === 'Our reminder');
      expect(copy).toBeDefined();
      expect(copy!.id).not.toBe(sourceTemplateId);
      const schedule = typeOf(
        (await api.get<EmailScheduleList>(`${PATH}?event=${eventId}`)).body,
        'Reminder-1d',
      );
      expect(schedule.email_template).toBe(copy!.id);
    }

    await expectOwnCopy(await duplicatedEvent(api, source.id), custom.body.id);
    // A template edits its own emails; an event made from it takes them.
    const template = await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', {
      event: source.id,
    });
    expect(template.status).toBe(201);
    const ofTemplate = await api.post<EmailTemplate>('/api/event/email_templates/', {
      event_template: template.body.id,
      name: 'Our reminder',
    });
    expect(ofTemplate.status).toBe(201);
    const choice = { schedules: [{ ...chosen, email_template: ofTemplate.body.id }] };
    expect((await api.put(`${PATH}bulk/?event_template=${template.body.id}`, choice)).status).toBe(200);
    const made = await api.post<StudioEvent>(
      `/api/event/studio-templates/${template.body.id}/create_event/`,
      {
        title: 'From the template',
        start_time: new Date(Date.now() + 20 * DAY).toISOString(),
      },
    );
    expect(made.status).toBe(201);
    await expectOwnCopy(made.body.id, ofTemplate.body.id);
    // The source keeps its own template, still chosen by its schedule.
    const kept = typeOf((await api.get<EmailScheduleList>(`${PATH}?event=${source.id}`)).body, 'Reminder-1d');
    expect(kept.email_template).toBe(custom.body.id);
  });

  it("answers 404 for another organisation's event, schedule and delivery log", async () => {
    const event = await upcomingEvent();
    const list = (await api.get<EmailScheduleList>(`${PATH}?event=${event.id}`)).body;
    expect((await other.get(`${PATH}?event=${event.id}`)).status).toBe(404);
    expect(
      (
        await other.put(`${PATH}bulk/?event=${event.id}`, {
          schedules: [
            { email_type: 'Custom', relativeTime: 'BEFORE_START', weeks: 0, days: 1, hours: 0, minutes: 0 },
          ],
        })
      ).status,
    ).toBe(404);
    expect((await other.patch(`${PATH}${list.results[0]!.id}/`, { active: false })).status).toBe(404);
    expect((await other.get(`/api/event/email_deliveries/?event=${event.id}`)).status).toBe(404);
  });

  it('answers an empty delivery log with zero counts', async () => {
    const event = await upcomingEvent();
    const { status, body } = await api.get<{ count: number; counts: Record<string, number> }>(
      `/api/event/email_deliveries/?event=${event.id}`,
    );
    expect(status).toBe(200);
    expect(body.count).toBe(0);
    expect(body.counts).toMatchObject({ sent: 0, bounced: 0, queued: 0 });
  });
});
