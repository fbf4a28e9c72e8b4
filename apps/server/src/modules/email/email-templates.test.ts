import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiError,
  DEFAULT_EMAIL_TEMPLATES,
  REGISTRATION_EMAIL_TYPES,
  EMAIL_HTML_MAX,
  type EmailTemplate,
  type EmailTemplateListItem,
  messages,
  type Page,
} from '@studio/domain';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';

const { api, outsider: stranger } = fileAdminAndOutsider('Mail Org', 'Other Org');
let eventId: string;

const PATH = '/api/event/email_templates/';

beforeAll(async () => {
  const start = new Date(Date.now() + 7 * 86_400_000);
  eventId = (await newEvent(api, { title: 'Launch', start, end: new Date(start.getTime() + 3_600_000) })).id;
});

const create = (body: Record<string, unknown>) =>
  api.post<EmailTemplate & ApiError>(PATH, { event: eventId, name: 'Welcome', ...body });

describe('email templates per context (001 §7)', () => {
  it('a new event lists a default template for each email type, written once', async () => {
    const first = await api.get<Page<EmailTemplateListItem>>(`${PATH}?event=${eventId}&limit=100`);
    expect(first.status).toBe(200);
    const types = first.body.results.map((template) => template.email_type);
    expect(types.sort()).toEqual(DEFAULT_EMAIL_TEMPLATES.map((template) => template.email_type).sort());
    const waitlist = first.body.results.find((template) => template.email_type === 'Waitlist')!;
    expect((await api.delete(`${PATH}${waitlist.id}/`)).status).toBe(204);
    const again = await api.get<Page<EmailTemplateListItem>>(`${PATH}?event=${eventId}&limit=100`);
    expect(again.body.count).toBe(first.body.count - 1);
  });

  it("a recording lists registration's emails only (it has no schedule, speakers or staff), and its own", async () => {
    const recording = await api.post<{ id: string }>('/api/event/', {
      title: 'Tour',
      event_type: 'Recording',
    });
    expect(recording.status).toBe(201);
    const own = await api.post(PATH, { event: recording.body.id, name: 'Thanks for watching' });
    expect(own.status).toBe(201);
    // A type it never sends, set through the API, is kept but not listed.
    const reminder = { event: recording.body.id, name: 'Reminder', email_type: 'Reminder-1h' };
    expect((await api.post(PATH, reminder)).status).toBe(201);
    const listed = await api.get<Page<EmailTemplateListItem>>(`${PATH}?event=${recording.body.id}&limit=100`);
    expect(listed.body.results.map((template) => template.email_type ?? template.name).sort()).toEqual(
      [...REGISTRATION_EMAIL_TYPES, 'Thanks for watching'].sort(),
    );
    expect(listed.body.count).toBe(REGISTRATION_EMAIL_TYPES.length + 1);
  });

  it('creates from the blank template, reads, updates, and refuses a name over 255', async () => {
    const created = await create({});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Welcome', event: eventId, email_type: null });
    expect(created.body.email_html).toContain('{{ magic_link }}');
    expect(created.body.email_json).toHaveProperty('blocks');
    const read = await api.get<EmailTemplate>(`${PATH}${created.body.id}/`);
    expect(read.body).toEqual(created.body);
    const updated = await api.patch<EmailTemplate>(`${PATH}${created.body.id}/`, {
      subject: 'See you at {{ event_title }}',
      email_json: { version: 1, blocks: [] },
    });
    expect(updated.body).toMatchObject({
      subject: 'See you at {{ event_title }}',
      email_json: { blocks: [] },
    });
    expect((await create({ name: 'x'.repeat(255) })).status).toBe(201);
    expect((await create({ name: 'x'.repeat(256) })).status).toBe(400);
  });

  it('refuses an empty subject, on create and update, in plain words (a test email would go without one)', async () => {
    const created = await create({ subject: 'Hello' });
    expect(created.status).toBe(201);
    for (const subject of ['', '   ']) {
      const refused = await api.patch<ApiError>(`${PATH}${created.body.id}/`, { subject });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ subject: [messages.fieldRequired] });
      expect((await create({ subject })).status).toBe(400);
    }
    expect((await api.get<EmailTemplate>(`${PATH}${created.body.id}/`)).body.subject).toBe('Hello');
    const long = await api.patch<ApiError>(`${PATH}${created.body.id}/`, { name: 'x'.repeat(600) });
    expect(long.body.errors).toEqual({ name: ['Enter at most 255 characters.'] });
  });

  it('lists by name, case aside (as the schedule picks them)', async () => {
    const series = await api.post<{ id: string }>('/api/event/series/', { name: 'Sorted' });
    for (const name of ['Zeta', 'alpha', 'Beta'])
      expect((await api.post(PATH, { series: series.body.id, name })).status).toBe(201);
    const listed = await api.get<Page<EmailTemplateListItem>>(`${PATH}?series=${series.body.id}&limit=100`);
    const names = listed.body.results.map((template) => template.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names.filter((name) => ['Zeta', 'alpha', 'Beta'].includes(name))).toEqual([
      'alpha',
      'Beta',
      'Zeta',
    ]);
  });

  it('refuses an unknown merge field with the field named, in the HTML or the subject', async () => {
    const html = await create({ email_html: '<p>Hi {{ first_name }} from {{ company_name }}</p>' });
    expect(html.status).toBe(400);
    expect(html.body.message).toContain('{{ company_name }}');
    expect(html.body.errors?.email_html?.[0]).toContain('company_name');
    const subject = await create({ subject: 'For {{ nickname }}' });
    expect(subject.status).toBe(400);
    expect(subject.body.errors?.subject?.[0]).toContain('nickname');
    const include = await create({ email_html: '{% include "secrets" %}' });
    expect(include.status).toBe(400);
    const textInLink = await create({ email_html: '<a href="{{ first_name }}">x</a>' });
    expect(textInLink.status).toBe(400);
  });

  it('refuses a huge template with a 4xx JSON answer, storing nothing', async () => {
    const before = (await api.get<Page<EmailTemplateListItem>>(`${PATH}?event=${eventId}&limit=100`)).body
      .count;
    const huge = await create({ name: 'Huge', email_html: `<p>${'x'.repeat(EMAIL_HTML_MAX)}</p>` });
    expect(huge.status).toBe(400);
    expect([typeof huge.body.code, typeof huge.body.message]).toEqual(['string', 'string']);
    expect(huge.body.errors).toHaveProperty('email_html');
    // Past the request limit: 413, JSON too.
    const past = await create({ name: 'Past', email_html: 'x'.repeat(2 * 1024 * 1024) });
    expect(past.status).toBe(413);
    expect([typeof past.body.code, typeof past.body.message]).toEqual(['string', 'string']);
    const after = (await api.get<Page<EmailTemplateListItem>>(`${PATH}?event=${eventId}&limit=100`)).body
      .count;
    expect(after).toBe(before);
  });

  it('strips script, event handlers and javascript: links on save, keeping the merge fields', async () => {
    const created = await create({
      email_html:
        '<p onclick="steal()">Hello {{ first_name }}</p><script>alert(1)</script>' +
        '<a href="javascript:alert(1)">bad</a><a href="{{ magic_link }}">Join</a>' +
        '{% if checkin_qrcode %}<img src="{{ checkin_qrcode }}" onerror="x()">{% endif %}',
    });
    expect(created.status).toBe(201);
    const html = created.body.email_html;
    expect(html).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(html).toContain('<p>Hello {{ first_name }}</p>');
    expect(html).toContain('<a href="{{ magic_link }}">Join</a>');
    expect(html).toContain('{% if checkin_qrcode %}<img src="{{ checkin_qrcode }}" />{% endif %}');
  });

  it("duplicates as 'Copy of ' + name, cut to 255", async () => {
    const long = await create({ name: 'y'.repeat(250) });
    const copy = await api.post<EmailTemplate>(`${PATH}${long.body.id}/duplicate/`);
    expect(copy.status).toBe(201);
    expect(copy.body.name).toBe(`Copy of ${'y'.repeat(250)}`.slice(0, 255));
    expect(copy.body.name).toHaveLength(255);
    expect(copy.body.email_html).toBe(long.body.email_html);
    const short = await create({ name: 'Reminder' });
    expect((await api.post<EmailTemplate>(`${PATH}${short.body.id}/duplicate/`)).body.name).toBe(
      'Copy of Reminder',
    );
  });

  it('lists per context: an event template and a series have their own', async () => {
    const series = await api.post<{ id: string }>('/api/event/series/', { name: 'Monthly' });
    expect(series.status).toBe(201);
    const made = await api.post<EmailTemplate>(PATH, { series: series.body.id, name: 'Series welcome' });
    expect(made.body).toMatchObject({ series: series.body.id, event: null });
    const listed = await api.get<Page<EmailTemplateListItem>>(
      `${PATH}?series=${series.body.id}&search=welcome`,
    );
    expect(listed.body.results.map((template) => template.id)).toEqual([made.body.id]);
    expect((await api.get(`${PATH}?event=${eventId}&series=${series.body.id}`)).status).toBe(400);
    expect((await api.get(PATH)).status).toBe(400);
  });

  it("answers 404 for another organisation's template or context", async () => {
    const mine = await create({ name: 'Private' });
    const id = mine.body.id;
    expect((await stranger.get(`${PATH}${id}/`)).status).toBe(404);
    expect((await stranger.patch(`${PATH}${id}/`, { name: 'Mine now' })).status).toBe(404);
    expect((await stranger.delete(`${PATH}${id}/`)).status).toBe(404);
    expect((await stranger.post(`${PATH}${id}/duplicate/`)).status).toBe(404);
    expect((await stranger.get(`${PATH}?event=${eventId}`)).status).toBe(404);
    expect((await stranger.post(PATH, { event: eventId, name: 'Sneaky' })).status).toBe(404);
    expect((await api.get<EmailTemplate>(`${PATH}${id}/`)).body.name).toBe('Private');
  });

  it.each(['-1', 'not-a-template', '..%2F..'])(
    'answers 404, never a server error, for the id %s',
    async (id) => {
      for (const answer of [
        await api.get(`${PATH}${id}/`),
        await api.patch(`${PATH}${id}/`, { name: 'Renamed' }),
        await api.delete(`${PATH}${id}/`),
        await api.post(`${PATH}${id}/duplicate/`),
      ])
        expect([answer.status, (answer.body as ApiError).code]).toEqual([404, 'NOT_FOUND']);
    },
  );
});
