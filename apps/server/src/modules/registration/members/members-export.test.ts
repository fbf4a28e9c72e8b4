import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { formioDataSchema } from '@studio/domain';
import {
  insertRegistrants,
  fileMembersSetups,
  membersSetup,
  person,
  registerPeople,
} from './members.fixtures.ts';
import { multipleSelect, newForm } from '../forms/forms.fixtures.ts';
import { register, registrant, registrationEvent } from '../registrants/registrants.fixtures.ts';
import { DEMO_REGISTRATION } from '../../../seed/demo-content.ts';

const { studio, setup, other } = fileMembersSetups('Export Org', 'Other Export Org');

/** GET the export as the caller; the CSV parsed (header first). */
async function exportOf(access: string, query: string, eventId = setup.event.id) {
  const response = await studio.app.inject({
    method: 'GET',
    url: `/api/event/event-members/export/?event=${eventId}&${query}`,
    headers: { authorization: `Bearer ${access}` },
  });
  const rows: string[][] =
    response.statusCode === 200 ? parse(response.body, { relax_column_count: true }) : [];
  return { response, rows };
}

/** The registrant's own columns, before the form's answers. */
const REGISTRANT_COLUMNS = ['Name', 'Email', 'Company', 'Title', 'Status', 'Registered at', 'Checked in at'];

const FORMULAS = [
  '=HYPERLINK("http://evil.test")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A2)',
  '\tTabbed',
  '\rReturn',
  '\uFF1D1+1', // a full-width '=', which some spreadsheets read as one
];

beforeAll(async () => {
  await newForm(
    setup.api,
    'Export form',
    [
      { type: 'textfield', key: 'job', label: 'Job' },
      multipleSelect('topics', 'Topics', [
        { value: 'maths', label: 'Maths' },
        { value: 'engines', label: 'Engines' },
      ]),
    ],
    setup.event.id,
  );
  await registerPeople(
    setup.organizationId,
    setup.event.id,
    [
      { ...person('Ada'), last_name: 'Lovelace, "Countess"', company: 'Analytical' },
      { ...person('Grace'), last_name: 'Hopper', company: 'Navy', status: 'WAITLISTED' },
      ...FORMULAS.map((formula, index) => ({ ...person(`F${index}`), company: formula })),
    ],
    (index) =>
      index === 0
        ? { job: 'Engineer, "first"', topics: ['maths', 'engines'] }
        : { job: FORMULAS[index - 2] ?? '=1+2' },
  );
});

describe('registrants export (issue 16 §3)', () => {
  it("has the registrant's columns then the form's, one line per registrant, oldest first", async () => {
    const { response, rows } = await exportOf(setup.admin.access, '');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('Export Org Conference registrants.csv');
    expect(rows[0]).toEqual([...REGISTRANT_COLUMNS, 'Job', 'Topics']);
    expect(rows).toHaveLength(1 + 2 + FORMULAS.length);
    const ada = rows[1]!;
    expect(ada.slice(0, 5)).toEqual([
      'Ada Lovelace, "Countess"',
      expect.stringMatching(/^ada-.*@people\.test$/) as unknown,
      'Analytical',
      '',
      'Registered',
    ]);
    expect(Date.parse(ada[5]!)).not.toBeNaN();
    // A choice is written as people read it: its option's label.
    expect(ada.slice(6)).toEqual(['', 'Engineer, "first"', 'Maths; Engines']);
    expect(rows[2]!.slice(0, 5)).toEqual([
      'Grace Hopper',
      expect.any(String) as unknown,
      'Navy',
      '',
      'Waitlisted',
    ]);
  });

  it("heads the answers by their labels and fills Company and Title from the form's fields, once (the demo's form)", async () => {
    const demo = await membersSetup(studio, 'Demo Form Org');
    const event = await registrationEvent(demo.api);
    const { components } = formioDataSchema.parse(DEMO_REGISTRATION.form.formio_data);
    await newForm(demo.api, DEMO_REGISTRATION.form.name, components, event.id);
    const keyOf = (label: string) => components.find((component) => component.label === label)!.key;
    const noor = registrant('Noor');
    const registered = await register(studio, event.id, {
      ...noor,
      [keyOf('Company')]: 'Northwind',
      [keyOf('Job title')]: 'Marketing lead',
      [keyOf('Dietary restrictions')]: ['vegan'],
      [keyOf('Country')]: 'PT',
      [keyOf('I agree to the privacy policy')]: true,
    });
    expect(registered.status).toBe(201);
    const { rows } = await exportOf(demo.admin.access, '', event.id);
    expect(rows[0]).toEqual([
      ...REGISTRANT_COLUMNS,
      'Dietary restrictions',
      'Country',
      'I agree to the privacy policy',
    ]);
    expect(rows[1]!.slice(0, 4)).toEqual(['Noor Parks', noor.email, 'Northwind', 'Marketing lead']);
    expect(rows[1]!.slice(7)).toEqual(['Vegan', 'Portugal', 'true']);
  });

  it('escapes every cell a spreadsheet would read as a formula (=, +, -, @, tab, CR, full-width)', async () => {
    const { rows } = await exportOf(setup.admin.access, '');
    // The registrant's cells (written by the database) and the answers' (csv-stringify) alike.
    const escaped = FORMULAS.map((formula) => `'${formula}`);
    expect(rows.slice(3).map((row) => row[2])).toEqual(escaped);
    expect(rows.slice(3).map((row) => row[7])).toEqual(escaped);
    expect(rows[2]![7]).toBe("'=1+2");
  });

  it("exports the list's filters: status, search, company", async () => {
    const waitlisted = await exportOf(setup.admin.access, 'event_user_status=WAITLISTED');
    expect(waitlisted.rows.slice(1).map((row) => row[0])).toEqual(['Grace Hopper']);
    const searched = await exportOf(setup.admin.access, 'search=lovelace');
    expect(searched.rows.slice(1).map((row) => row[0])).toEqual(['Ada Lovelace, "Countess"']);
    const companies = await exportOf(setup.admin.access, 'company__in=Navy,Analytical');
    expect(companies.rows.slice(1).map((row) => row[0])).toEqual([
      'Ada Lovelace, "Countess"',
      'Grace Hopper',
    ]);
    const none = await exportOf(setup.admin.access, 'search=nobody-at-all');
    expect(none.rows).toHaveLength(1);
  });

  it("answers 404 for another organisation's event and 400 without an event", async () => {
    const outsider = await exportOf(other.admin.access, '');
    expect(outsider.response.statusCode).toBe(404);
    expect(outsider.response.json()).toMatchObject({ code: expect.any(String) as unknown });
    const missing = await studio.app.inject({
      method: 'GET',
      url: '/api/event/event-members/export/',
      headers: { authorization: `Bearer ${setup.admin.access}` },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { event: expect.any(Array) as unknown },
    });
  });

  it('streams a list longer than one batch whole: every registrant exactly once, no length header', async () => {
    const big = await membersSetup(studio, 'Big Export Org');
    const count = 2_345;
    await insertRegistrants(
      studio.database.db,
      { organizationId: big.organizationId, eventId: big.event.id },
      count,
    );
    const { response, rows } = await exportOf(big.admin.access, '', big.event.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    const emails = rows.slice(1).map((row) => row[1]);
    expect(emails).toHaveLength(count);
    expect(new Set(emails).size).toBe(count);
  });
});
