import { describe, expect, it } from 'vitest';
import {
  choiceOptions,
  type EventMember,
  FLAT_FILE_MAX_BYTES,
  FLAT_FILE_MAX_ROWS,
  type FlatFileValidation,
  type Page,
  registrantListMessages,
} from '@studio/domain';
import { newEvent } from '../../back-office/back-office.fixtures.ts';
import { registrationEvent, setStatus } from '../registrants/registrants.fixtures.ts';
import { fileMembersSetups, person, registerPeople } from './members.fixtures.ts';
import { newForm } from '../forms/forms.fixtures.ts';

/**
 * Flat-file import (002 §7.13a). The semantics tested: validate keeps the valid rows and reports
 * each bad one; submit registers every valid row in one transaction and counts the rejected ones —
 * a bad row never stops the good ones, and a file refused whole (too large, too many rows,
 * unreadable) leaves no sheet to submit.
 */
const { studio, setup, other } = fileMembersSetups('Import Org', 'Other Import Org');

type Answer<T> = T & { message: string; code: string; errors?: Record<string, string[]> };

/** POST a CSV as a multipart upload, as the browser's file input sends it. */
async function validate(csv: string | Buffer, eventId = setup.event.id, access = setup.admin.access) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
  const request = new Request('http://studio.test', { method: 'POST', body: form });
  const response = await studio.app.inject({
    method: 'POST',
    url: `/api/event/${eventId}/flat_file/validate/`,
    headers: {
      authorization: `Bearer ${access}`,
      'content-type': request.headers.get('content-type')!,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json<Answer<FlatFileValidation>>() };
}

const submit = (sheetId: string, eventId = setup.event.id, api = setup.api) =>
  api.post<Answer<{ created: number; existing: number; waitlisted: number; rejected: number }>>(
    `/api/event/${eventId}/flat_file/submit/`,
    { sheet_id: sheetId },
  );

const membersOf = async (eventId: string, api = setup.api) =>
  (await api.get<Page<EventMember>>(`/api/event/event-members/?event=${eventId}&ordering=email&limit=100`))
    .body.results;

const freshEvent = (title: string) =>
  newEvent(setup.api, { title, start: '2031-07-01T09:00:00Z', end: '2031-07-01T17:00:00Z' });

describe('flat-file import (002 §7.13a)', () => {
  it('commits every valid row and reports the bad one with its line and field', async () => {
    const event = await freshEvent('One bad row');
    const csv = [
      'Email,First Name,Last Name,Company,Status',
      'ana@import.test,Ana,Lima,Acme,Registered',
      'not-an-email,Bad,Row,,',
      'ben@import.test,Ben,Ode,,Waitlisted',
      'ana@import.test,Ana,Again,,',
      'cy@import.test,Cy,,,Bogus',
    ].join('\n');
    const checked = await validate(csv, event.id);
    expect(checked.status).toBe(201);
    expect(checked.body).toMatchObject({ rows: 2, total_rows: 5 });
    expect(checked.body.errors).toEqual([
      { row: 3, field: 'email', message: registrantListMessages.invalidEmail },
      { row: 5, field: 'email', message: registrantListMessages.duplicateEmail },
      { row: 6, field: 'event_user_status', message: registrantListMessages.unknownStatus },
      { row: 6, field: 'last_name', message: registrantListMessages.lastNameRequired },
    ]);
    // Validating registers nobody.
    expect(await membersOf(event.id)).toEqual([]);
    const submitted = await submit(checked.body.sheet_id, event.id);
    expect(submitted).toMatchObject({
      status: 200,
      body: { created: 1, waitlisted: 1, existing: 0, rejected: 3 },
    });
    const members = await membersOf(event.id);
    expect(members.map((m) => [m.email, m.full_name, m.event_user_status, m.source])).toEqual([
      ['ana@import.test', 'Ana Lima', 'REGISTRATION', 'import'],
      ['ben@import.test', 'Ben Ode', 'WAITLISTED', 'import'],
    ]);
    expect(members[0]!.company).toBe('Acme');
  });

  it('seats the file in its order: past the capacity the rest wait, and a freed seat goes to the first of them', async () => {
    const event = await registrationEvent(setup.api, { registration_capacity: 2, waitlist_enabled: true });
    const emails = ['one', 'two', 'three', 'four'].map((name) => person(name).email);
    const csv = ['email,first_name,last_name', ...emails.map((email, index) => `${email},P${index},Seat`)];
    const checked = await validate(csv.join('\n'), event.id);
    expect((await submit(checked.body.sheet_id, event.id)).body).toMatchObject({
      created: 2,
      waitlisted: 2,
      existing: 0,
      rejected: 0,
    });
    const statuses = async () => {
      const members = new Map((await membersOf(event.id)).map((member) => [member.email, member]));
      return { members, list: emails.map((email) => members.get(email)?.event_user_status) };
    };
    const seated = await statuses();
    expect(seated.list).toEqual(['REGISTRATION', 'REGISTRATION', 'WAITLISTED', 'WAITLISTED']);
    expect((await setStatus(setup.api, seated.members.get(emails[0]!)!.id, 'CANCELED')).status).toBe(200);
    expect((await statuses()).list).toEqual(['CANCELED', 'REGISTRATION', 'REGISTRATION', 'WAITLISTED']);
  });

  it('a sheet is submitted once; another event, another organisation or an unknown sheet is 404', async () => {
    const event = await freshEvent('Sheet scope');
    const { body } = await validate('email,first_name,last_name\nonce@import.test,Once,Only', event.id);
    expect((await submit(body.sheet_id, setup.event.id)).status).toBe(404);
    expect((await submit(body.sheet_id, event.id, other.api)).status).toBe(404);
    expect((await validate('email\nx@import.test', event.id, other.admin.access)).status).toBe(404);
    expect((await submit(body.sheet_id, event.id)).status).toBe(200);
    const again = await submit(body.sheet_id, event.id);
    expect(again).toMatchObject({
      status: 404,
      body: { code: 'SHEET_NOT_FOUND', message: registrantListMessages.sheetNotFound },
    });
    const unknown = await submit('00000000-0000-4000-8000-000000000000', event.id);
    expect(unknown.body.code).toBe('SHEET_NOT_FOUND');
    expect((await submit('not-a-sheet', event.id)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { sheet_id: expect.any(Array) as unknown },
    });
  });

  it("checks the form's rules on each row and reads its answers back typed", async () => {
    const event = await freshEvent('Form rules');
    await newForm(
      setup.api,
      'Import form',
      [
        { type: 'textfield', key: 'job', label: 'Job', validate: { required: true } },
        { type: 'checkbox', key: 'newsletter', label: 'Newsletter' },
      ],
      event.id,
    );
    const csv =
      'email,first_name,last_name,job,newsletter\nd@import.test,Di,Ng,Chef,yes\ne@import.test,Ed,Oh,,no';
    const checked = await validate(csv, event.id);
    expect(checked.body.rows).toBe(1);
    expect(checked.body.errors).toEqual([{ row: 3, field: 'job', message: expect.any(String) as unknown }]);
    await submit(checked.body.sheet_id, event.id);
    expect((await membersOf(event.id))[0]!.answers).toEqual({ job: 'Chef', newsletter: true });
  });

  it('reads a form field keyed like the person’s column (company) as both the person’s company and the answer', async () => {
    const event = await freshEvent('Company field');
    await newForm(
      setup.api,
      'Company form',
      [{ type: 'textfield', key: 'company', label: 'Company', validate: { required: true } }],
      event.id,
    );
    const checked = await validate('email,first_name,last_name,company\nc@import.test,Cy,Ro,Acme', event.id);
    expect(checked.body).toMatchObject({ rows: 1, errors: [] });
    await submit(checked.body.sheet_id, event.id);
    const [member] = await membersOf(event.id);
    expect(member).toMatchObject({ company: 'Acme', answers: { company: 'Acme' } });
  });

  it('keeps formulas as text, never evaluated, and takes off the quote an export put before one', async () => {
    const event = await freshEvent('Formulas');
    const csv = [
      'email,first_name,last_name,company',
      `f1@import.test,"=HYPERLINK(""http://evil.test"",""x"")",Doe,@SUM(A1)`,
      `f2@import.test,'+1,Doe,'=1+2`,
    ].join('\n');
    const checked = await validate(csv, event.id);
    expect(checked.body).toMatchObject({ rows: 2, errors: [] });
    await submit(checked.body.sheet_id, event.id);
    const members = await membersOf(event.id);
    expect(members.map((m) => [m.first_name, m.company])).toEqual([
      ['=HYPERLINK("http://evil.test","x")', '@SUM(A1)'],
      ['+1', '=1+2'],
    ]);
    // Exported again, each is escaped once more.
    const exported = await studio.app.inject({
      method: 'GET',
      url: `/api/event/event-members/export/?event=${event.id}`,
      headers: { authorization: `Bearer ${setup.admin.access}` },
    });
    expect(exported.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"") Doe"`);
    expect(exported.body).toContain(",'@SUM(A1),");
  });

  it('round trip: an export imported into another event gives the same people', async () => {
    const source = await freshEvent('Round trip source');
    await registerPeople(setup.organizationId, source.id, [
      { ...person('Ada'), last_name: 'Lovelace', company: 'Analytical, Ltd' },
      { ...person('Grace'), last_name: 'Hopper', company: '=Navy', status: 'WAITLISTED' },
      { ...person('Alan'), last_name: 'Turing', status: 'CANCELED' },
      { ...person('Mary'), last_name: 'Jackson Smith' },
    ]);
    const exported = await studio.app.inject({
      method: 'GET',
      url: `/api/event/event-members/export/?event=${source.id}`,
      headers: { authorization: `Bearer ${setup.admin.access}` },
    });
    const target = await freshEvent('Round trip target');
    const checked = await validate(exported.body, target.id);
    expect(checked.body).toMatchObject({ rows: 4, total_rows: 4, errors: [] });
    expect((await submit(checked.body.sheet_id, target.id)).status).toBe(200);
    const people = (members: EventMember[]) =>
      members.map((m) => [m.email, m.first_name, m.last_name, m.company, m.event_user_status]);
    expect(people(await membersOf(target.id))).toEqual(people(await membersOf(source.id)));
  });

  it("round trip with a form: the answers' columns, headed by their labels, come back as the same answers", async () => {
    const components = [
      { type: 'textfield' as const, key: 'title', label: 'Job title' },
      { type: 'textfield' as const, key: 'diet', label: 'Dietary needs', validate: { required: true } },
      { type: 'checkbox' as const, key: 'state', label: 'Status' },
      {
        type: 'radio' as const,
        key: 'ticket',
        label: 'Ticket type',
        data: choiceOptions(['standard', 'Standard'], ['vip', 'VIP']),
      },
      { type: 'country' as const, key: 'country', label: 'Country' },
    ];
    const source = await freshEvent('Answers source');
    const target = await freshEvent('Answers target');
    await newForm(setup.api, 'Answers source form', components, source.id);
    await newForm(setup.api, 'Answers target form', components, target.id);
    await registerPeople(
      setup.organizationId,
      source.id,
      [{ ...person('Ada'), last_name: 'Lovelace' }],
      () => ({
        diet: 'Vegan',
        state: true,
        ticket: 'vip',
        country: 'PT',
      }),
    );
    const exported = await studio.app.inject({
      method: 'GET',
      url: `/api/event/event-members/export/?event=${source.id}`,
      headers: { authorization: `Bearer ${setup.admin.access}` },
    });
    const [header, line] = exported.body.split('\r\n');
    expect(header).toBe(
      'Name,Email,Company,Title,Status,Registered at,Checked in at,Dietary needs,Status (state),Ticket type,Country',
    );
    expect(line?.endsWith(',Vegan,true,VIP,Portugal')).toBe(true);
    const checked = await validate(exported.body, target.id);
    expect(checked.body).toMatchObject({ rows: 1, total_rows: 1, errors: [] });
    expect((await submit(checked.body.sheet_id, target.id)).status).toBe(200);
    const [imported] = await membersOf(target.id);
    expect(imported).toMatchObject({
      event_user_status: 'REGISTRATION',
      answers: { diet: 'Vegan', state: true, ticket: 'vip', country: 'PT' },
    });
  });

  it('refuses a file over 10 MiB (413) and one of more than 10,000 rows (413), keeping no sheet', async () => {
    const header = 'email,first_name,last_name\n';
    const oversized = Buffer.alloc(FLAT_FILE_MAX_BYTES + 1, 'a');
    oversized.write(header);
    const tooLarge = await validate(oversized);
    expect(tooLarge).toMatchObject({
      status: 413,
      body: { code: 'FILE_TOO_LARGE', message: registrantListMessages.fileTooLarge },
    });
    // Past the upload's own limit (the file and its multipart envelope), refused before it is read.
    const huge = await validate(Buffer.alloc(FLAT_FILE_MAX_BYTES + 256 * 1024, 'a'));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({
      code: expect.any(String) as unknown,
      message: expect.any(String) as unknown,
    });
    const row = (index: number) => `p${index}@rows.test,P,Row\n`;
    const tooMany = header + Array.from({ length: FLAT_FILE_MAX_ROWS + 1 }, (_, i) => row(i)).join('');
    expect(await validate(tooMany)).toMatchObject({
      status: 413,
      body: { code: 'TOO_MANY_ROWS', message: registrantListMessages.tooManyRows },
    });
    const sheets = await studio.database.db
      .selectFrom('registration_sheets')
      .select('id')
      .where('event_id', '=', setup.event.id)
      .execute();
    expect(sheets).toEqual([]);
  });

  it('reports 10,000 bad rows, one error each, and imports nothing from them', async () => {
    const event = await freshEvent('All bad');
    const bad = Array.from({ length: FLAT_FILE_MAX_ROWS }, (_, i) => `bad-${i},B,R`).join('\n');
    const checked = await validate(`email,first_name,last_name\n${bad}`, event.id);
    expect(checked.status).toBe(201);
    expect(checked.body.rows).toBe(0);
    expect(checked.body.errors).toHaveLength(FLAT_FILE_MAX_ROWS);
    expect(checked.body.errors.at(-1)).toEqual({
      row: FLAT_FILE_MAX_ROWS + 1,
      field: 'email',
      message: registrantListMessages.invalidEmail,
    });
    expect((await submit(checked.body.sheet_id, event.id)).body).toMatchObject({
      created: 0,
      rejected: FLAT_FILE_MAX_ROWS,
    });
    expect(await membersOf(event.id)).toEqual([]);
  });

  it('answers 400 with the message for no file, no email column or a file that is not CSV', async () => {
    const noEmail = await validate('name,company\nAda,Acme');
    expect(noEmail).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: registrantListMessages.emailColumnMissing },
    });
    expect((await validate('')).body.message).toBe(registrantListMessages.fileRequired);
    expect((await validate('email,name\n"unterminated,Ada\n')).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: registrantListMessages.unreadableFile,
    });
    const notMultipart = await setup.api.post(`/api/event/${setup.event.id}/flat_file/validate/`, {
      file: 'x',
    });
    expect(notMultipart.status).toBe(400);
  });
});
