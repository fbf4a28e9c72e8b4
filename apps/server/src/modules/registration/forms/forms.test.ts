import { describe, expect, it } from 'vitest';
import {
  EVENT_HAS_OWN_FORM,
  REGISTRATION_FORM_IN_USE,
  registrationFormMessages,
  type FormioData,
  type Page,
  type RegistrationForm,
  type StudioEvent,
  type StudioTemplate,
} from '@studio/domain';
import { duplicatedEvent, newEvent } from '../../back-office/back-office.fixtures.ts';
import { createRegistrationForms } from './forms.ts';
import { fileAdminAndOutsider } from '../../../../test/file-studio.ts';

// Role all: this studio runs the duplication job itself.
const org = fileAdminAndOutsider('Forms Org', 'Other Forms Org', { role: 'all' });
const { studio, api, outsider } = org;

const questions: FormioData = {
  components: [
    { type: 'textfield', key: 'company_size', label: 'Company size', validate: { required: true } },
    { type: 'country', key: 'country', label: 'Country' },
  ],
};
const event = (title: string) =>
  newEvent(api, { title, start: '2031-06-01T09:00:00Z', end: '2031-06-01T17:00:00Z' });
const createForm = async (body: Record<string, unknown>) => {
  const created = await api.post<RegistrationForm>('/api/event/forms/', body);
  expect(created.status).toBe(201);
  return created.body;
};
const eventOf = async (id: string) => (await api.get<StudioEvent>(`/api/event/${id}/`)).body;
/**
 * The service the register helper calls, built beside the studio on its database; the event's
 * `registration_form_data` is read as the events area stores it.
 */
const formOfEvent = (eventId: string) => {
  const db = studio.database.db;
  const forms = createRegistrationForms({
    db,
    events: {
      registrationFormOf: async (id) => {
        const row = await db
          .selectFrom('events')
          .select(['organization_id', 'registration_form_data'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row && { organizationId: row.organization_id, form: row.registration_form_data };
      },
      programmeEventOf: () => Promise.reject(new Error('not used')),
      setRegistrationForm: () => Promise.reject(new Error('not used')),
      registrationFormUsage: () => Promise.reject(new Error('not used')),
    },
  });
  return forms.formOfEvent(org.organizationId, eventId);
};

describe('registration forms (issue 16 §1)', () => {
  it('creates, lists, reads, renames and saves a global form', async () => {
    const form = await createForm({ name: 'Conference form', formio_data: questions });
    expect(form).toMatchObject({
      name: 'Conference form',
      is_global_form: true,
      event: null,
      organization: org.organizationId,
      event_count: 0,
      formio_data: questions,
    });
    const listed = await api.get<Page<RegistrationForm>>(
      `/api/event/forms/?organization=${org.organizationId}&is_global_form=true&search=conference`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((row) => row.id)).toContain(form.id);

    const saved = await api.put<RegistrationForm>(`/api/event/forms/${form.id}/`, {
      formio_data: { components: [questions.components[1]] },
      form: { name: 'Renamed' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Renamed', formio_data: { components: [{ key: 'country' }] } });
    expect((await api.get<RegistrationForm>(`/api/event/forms/${form.id}/`)).body.name).toBe('Renamed');
  });

  it('refuses a form that breaks the subset: reserved or duplicate keys, choices without options, a script link', async () => {
    for (const components of [
      [{ type: 'textfield', key: 'email', label: 'Email again' }],
      [questions.components[0], questions.components[0]],
      [{ type: 'radio', key: 'pick', label: 'Pick' }],
      [{ type: 'upload', key: 'cv', label: 'CV' }],
      [{ type: 'consent', key: 'privacy', label: 'I agree', link: 'javascript:alert(1)' }],
    ]) {
      const refused = await api.post<{ code: string }>('/api/event/forms/', {
        name: 'Bad',
        formio_data: { components },
      });
      expect(refused.status).toBe(400);
    }
  });

  it('PUT with an event makes the form that event’s registration form; formOfEvent answers it', async () => {
    const webinar = await event('Forms webinar');
    expect(await formOfEvent(webinar.id)).toEqual({ formId: null, formio_data: { components: [] } });
    const form = await createForm({ name: 'Shared', formio_data: questions });
    const put = await api.put<RegistrationForm>(`/api/event/forms/${form.id}/`, {
      formio_data: questions,
      event: webinar.id,
    });
    expect(put.body.event_count).toBe(1);
    expect(await eventOf(webinar.id)).toMatchObject({
      registration_form: form.id,
      registration_form_data: { id: form.id, is_global_form: true },
    });
    expect(await formOfEvent(webinar.id)).toEqual({ formId: form.id, formio_data: questions });
  });

  it('refuses to delete a global form events use (409), deletes it once none does', async () => {
    const conference = await event('Deleting forms');
    const form = await createForm({ name: 'In use', formio_data: questions });
    await api.put(`/api/event/forms/${form.id}/`, { formio_data: questions, event: conference.id });
    const refused = await api.delete(`/api/event/forms/${form.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: REGISTRATION_FORM_IN_USE,
      message: registrationFormMessages.formInUse(1),
    });
    const other = await createForm({ name: 'Replacement' });
    await api.put(`/api/event/forms/${other.id}/`, { formio_data: { components: [] }, event: conference.id });
    expect((await api.delete(`/api/event/forms/${form.id}/`)).status).toBe(204);
    expect((await api.get(`/api/event/forms/${form.id}/`)).status).toBe(404);
  });

  it('gives an event one form of its own, detached from the event when deleted', async () => {
    const conference = await event('Own form');
    const own = await createForm({ name: 'Own', event: conference.id, formio_data: questions });
    expect(own).toMatchObject({ is_global_form: false, event: conference.id, event_count: 1 });
    expect((await eventOf(conference.id)).registration_form_data).toEqual({
      id: own.id,
      is_global_form: false,
    });
    const second = await api.post<{ code: string }>('/api/event/forms/', {
      name: 'Second',
      event: conference.id,
    });
    expect(second).toMatchObject({ status: 409, body: { code: EVENT_HAS_OWN_FORM } });
    const listed = await api.get<Page<RegistrationForm>>(`/api/event/forms/?event=${conference.id}`);
    expect(listed.body.results.map((row) => row.id)).toEqual([own.id]);

    const elsewhere = await event('Elsewhere');
    const moved = await api.put(`/api/event/forms/${own.id}/`, {
      formio_data: questions,
      event: elsewhere.id,
    });
    expect(moved.status).toBe(400);

    expect((await api.delete(`/api/event/forms/${own.id}/`)).status).toBe(204);
    expect(await eventOf(conference.id)).toMatchObject({
      registration_form: null,
      registration_form_data: null,
    });
  });

  it('answers 404 for another organisation’s form and event', async () => {
    const conference = await event('Private');
    const form = await createForm({ name: 'Private form', formio_data: questions });
    const own = await createForm({ name: 'Private own', event: conference.id });
    for (const id of [form.id, own.id, 'not-a-uuid']) {
      expect((await outsider.get(`/api/event/forms/${id}/`)).status).toBe(404);
      expect((await outsider.put(`/api/event/forms/${id}/`, { formio_data: questions })).status).toBe(404);
      expect((await outsider.delete(`/api/event/forms/${id}/`)).status).toBe(404);
    }
    expect((await outsider.get(`/api/event/forms/?organization=${org.organizationId}`)).status).toBe(404);
    expect((await outsider.get(`/api/event/forms/?event=${conference.id}`)).status).toBe(404);
    expect((await outsider.post('/api/event/forms/', { name: 'Theirs', event: conference.id })).status).toBe(
      404,
    );
    const mine = await outsider.post<RegistrationForm>('/api/event/forms/', { name: 'Mine' });
    const put = await outsider.put(`/api/event/forms/${mine.body.id}/`, {
      formio_data: questions,
      event: conference.id,
    });
    expect(put.status).toBe(404);
    expect((await eventOf(conference.id)).registration_form).toBe(own.id);
  });

  it('copies an event’s own form with the event (a new row) and references a global form', async () => {
    const source = await event('Copied form');
    const own = await createForm({ name: 'Source own', event: source.id, formio_data: questions });
    const copyId = await duplicatedEvent(api, source.id);
    const copied = await formOfEvent(copyId);
    expect(copied.formId).not.toBeNull();
    expect(copied.formId).not.toBe(own.id);
    expect(copied.formio_data).toEqual(questions);
    expect((await eventOf(copyId)).registration_form_data).toEqual({
      id: copied.formId,
      is_global_form: false,
    });
    // The source keeps its form, unchanged by edits of the copy's.
    await api.put(`/api/event/forms/${copied.formId}/`, { formio_data: { components: [] } });
    expect(await formOfEvent(source.id)).toEqual({ formId: own.id, formio_data: questions });

    // A template and an event made from it: each its own copy.
    const template = (
      await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', { event: source.id })
    ).body;
    const made = await api.post<StudioEvent>(`/api/event/studio-templates/${template.id}/create_event/`, {
      title: 'From template',
      start_time: '2031-09-01T09:00:00Z',
    });
    expect(made.status).toBe(201);
    const fromTemplate = await formOfEvent(made.body.id);
    expect(fromTemplate.formio_data).toEqual(questions);
    expect([own.id, copied.formId]).not.toContain(fromTemplate.formId);
    const owned = await api.get<RegistrationForm>(`/api/event/forms/${fromTemplate.formId}/`);
    expect(owned.body).toMatchObject({ event: made.body.id, is_global_form: false });

    // A global form is referenced by the copy, not copied.
    const global = await createForm({ name: 'Global for copies', formio_data: questions });
    const withGlobal = await event('Global copied');
    await api.put(`/api/event/forms/${global.id}/`, { formio_data: questions, event: withGlobal.id });
    const globalCopyId = await duplicatedEvent(api, withGlobal.id);
    expect(await formOfEvent(globalCopyId)).toEqual({ formId: global.id, formio_data: questions });
    expect((await api.get<RegistrationForm>(`/api/event/forms/${global.id}/`)).body.event_count).toBe(2);
  });
});
