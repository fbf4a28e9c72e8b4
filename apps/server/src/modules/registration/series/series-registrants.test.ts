import { beforeAll, describe, expect, it } from 'vitest';
import {
  choiceOptions,
  formAnswerMessages,
  type FormComponent,
  type Page,
  registrantListMessages,
  SERIES_REGISTRANTS_PAGE_SIZE,
  type SeriesRegistrant,
  type SeriesUserRegistrationAnswer,
  type StudioEvent,
} from '@studio/domain';
import { newEvent, type Api } from '../../back-office/back-office.fixtures.ts';
import { fileMembersSetups, person, registerPeople } from '../members/members.fixtures.ts';
import { memberByEmail, nextAddress, registrant, storedFormId } from '../registrants/registrants.fixtures.ts';
import { newForm } from '../forms/forms.fixtures.ts';

/** A series' registrants (002 §3.13, §7.10) and the public series registration (issue 16 §2). */
const { studio, setup, other } = fileMembersSetups('Series People Org', 'Other Series People Org');
let series: { id: string; events: StudioEvent[] };

type Answer<T> = T & { message: string; code: string; errors?: Record<string, string[]> };

async function newSeries(api: Api, name: string, count: number, startDay = 10) {
  const events: StudioEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = new Date(Date.now() + (startDay + index) * 86_400_000);
    events.push(
      await newEvent(api, {
        title: `${name} ${index + 1}`,
        start,
        end: new Date(start.getTime() + 3_600_000),
      }),
    );
  }
  const created = await api.post<{ id: string }>('/api/event/series/', {
    name,
    events: events.map((event) => event.id),
  });
  expect(created.status).toBe(201);
  return { id: created.body.id, events };
}

const list = (query: string, api = setup.api) =>
  api.get<Answer<Page<SeriesRegistrant>>>(`/api/event/series-registrants/?series=${series.id}&${query}`);
const names = (page: Page<SeriesRegistrant>) => page.results.map((row) => row.full_name);

const registerForSeries = (body: Record<string, unknown>, api = setup.api) =>
  api.post<Answer<SeriesUserRegistrationAnswer>>('/api/event/series-registrants/', {
    series: series.id,
    ...body,
  });

const publicRegister = async (seriesId: string, body: Record<string, unknown>) => {
  const response = await studio.app.inject({
    method: 'POST',
    url: `/api/event/series/${seriesId}/register/`,
    payload: body,
    remoteAddress: nextAddress(),
  });
  return {
    status: response.statusCode,
    body: response.json<
      Answer<{
        series: string;
        results: { event: string; event_user_status: string | null; code: string | null }[];
      }>
    >(),
  };
};

beforeAll(async () => {
  series = await newSeries(setup.api, 'Quarterly', 3);
  const [first, second] = series.events;
  // 28 people in the first event; every 4th also in the second, Waitlisted there.
  const people = Array.from({ length: 28 }, (_, index) =>
    person(`Person${String(index).padStart(2, '0')}`, { company: index % 2 ? 'Odd Co' : 'Even Co' }),
  );
  people[0] = person('zoe', { last_name: 'Zimmer', company: 'Zeta' });
  people[1] = person('Adam', { last_name: 'Ant', company: 'Alpha' });
  await registerPeople(setup.organizationId, first!.id, people);
  await registerPeople(
    setup.organizationId,
    second!.id,
    people.filter((_, index) => index % 4 === 0).map((one) => ({ ...one, status: 'WAITLISTED' as const })),
  );
  // Someone registered for an event outside the series is not listed.
  await registerPeople(setup.organizationId, setup.event.id, [person('Outsider')]);
});

describe('series registrants list', () => {
  it('lists one row per person, 25 a page, by first name (case-insensitive) by default', async () => {
    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(28);
    expect(first.body.results).toHaveLength(SERIES_REGISTRANTS_PAGE_SIZE);
    expect(first.body.next).toContain('offset=25');
    expect(names(first.body).slice(0, 3)).toEqual(['Adam Ant', 'Person02 Doe', 'Person03 Doe']);
    const last = await list('offset=25');
    expect(names(last.body)).toEqual(['Person26 Doe', 'Person27 Doe', 'zoe Zimmer']);
    const zoe = last.body.results[2]!;
    expect(zoe).toMatchObject({ first_name: 'zoe', last_name: 'Zimmer', company: 'Zeta' });
    expect(zoe.events).toEqual([
      { id: series.events[0]!.id, title: 'Quarterly 1', event_user_status: 'REGISTRATION' },
      { id: series.events[1]!.id, title: 'Quarterly 2', event_user_status: 'WAITLISTED' },
    ]);
    expect(names((await list('ordering=-first_name&limit=2')).body)).toEqual(['zoe Zimmer', 'Person27 Doe']);
    expect((await list('ordering=company&limit=1')).body.results[0]!.company).toBe('Alpha');
  });

  it('filters by company__in, events__in and search', async () => {
    expect((await list('company__in=Zeta,Alpha')).body.count).toBe(2);
    expect((await list('company__in=Odd Co')).body.count).toBe(13);
    const inSecond = await list(`events__in=${series.events[1]!.id}`);
    expect(inSecond.body.count).toBe(7);
    // A person matched by the event filter still shows every registration of theirs in the series.
    expect(inSecond.body.results.every((row) => row.events.length === 2)).toBe(true);
    expect((await list(`events__in=${series.events[2]!.id}`)).body.count).toBe(0);
    expect(names((await list('search=zimm')).body)).toEqual(['zoe Zimmer']);
    expect((await list('search=ZETA')).body.count).toBe(1);
    expect((await list('search=outsider')).body.count).toBe(0);
    expect((await list('search=_')).body.count).toBe(0);
  });

  it("answers 404 for another organisation's series and 400 without one", async () => {
    expect((await list('', other.api)).status).toBe(404);
    const missing = await setup.api.get<Answer<object>>('/api/event/series-registrants/');
    expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect((await setup.api.get('/api/event/series-registrants/?series=nope')).status).toBe(400);
  });
});

describe('register a user for a series (002 §7.10)', () => {
  it('registers a new person for the chosen events with the status given, in one call', async () => {
    const newcomer = registrant('Newcomer');
    const answer = await registerForSeries({
      events: [series.events[1]!.id, series.events[2]!.id],
      user: newcomer,
      form_id: null,
      event_user_status: 'REGISTRATION',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual(expect.any(String));
    expect(answer.body.results).toEqual([
      expect.objectContaining({
        event: series.events[1]!.id,
        ok: true,
        event_user_status: 'REGISTRATION',
        message: 'Registered.',
      }),
      expect.objectContaining({ event: series.events[2]!.id, ok: true, event_user_status: 'REGISTRATION' }),
    ]);
    const listed = (await list('search=newcomer')).body.results[0]!;
    expect(listed.events.map((event) => event.id)).toEqual([series.events[1]!.id, series.events[2]!.id]);

    const again = await registerForSeries({ events: [series.events[1]!.id], user: answer.body.user });
    expect(again.body.results).toEqual([
      expect.objectContaining({
        ok: false,
        code: 'USER_ALREADY_IN_EVENT',
        event_user_status: null,
        message: 'Already registered for this event; a new confirmation email is on its way to them.',
      }),
    ]);
  });

  it('registers one of the organisation’s people by user id, Waitlisted when asked', async () => {
    const zoe = (await list('search=zimmer')).body.results[0]!;
    const answer = await registerForSeries({
      events: [series.events[2]!.id],
      user: zoe.id,
      event_user_status: 'WAITLISTED',
    });
    expect(answer.body).toMatchObject({
      user: zoe.id,
      results: [{ event: series.events[2]!.id, ok: true, event_user_status: 'WAITLISTED' }],
    });
    expect((await list(`events__in=${series.events[2]!.id}&search=zimmer`)).body.count).toBe(1);
  });

  it('refuses events outside the series, a stranger’s user id, and another organisation', async () => {
    const outside = await registerForSeries({ events: [setup.event.id], user: registrant() });
    expect(outside).toMatchObject({
      status: 400,
      body: { errors: { events: [registrantListMessages.seriesEventsOutside] } },
    });
    const stranger = await registerForSeries({ events: [series.events[0]!.id], user: other.admin.userId });
    expect(stranger).toMatchObject({ status: 400, body: { errors: { user: expect.any(Array) as unknown } } });
    expect(
      (await registerForSeries({ events: [series.events[0]!.id], user: registrant() }, other.api)).status,
    ).toBe(404);
    expect((await registerForSeries({ events: [], user: registrant() })).status).toBe(400);
    expect((await list('search=stranger')).body.count).toBe(0);
  });
});

describe("register a user for a series with the form's answers (002 §7.10: events, form_id, user, event_user_status)", () => {
  const components = [
    { type: 'textfield', key: 'job', label: 'Job', validate: { required: true } },
    {
      type: 'radio',
      key: 'meal',
      label: 'Meal',
      data: choiceOptions(['veg', 'Veggie'], ['fish', 'Fish']),
    },
    { type: 'textfield', key: 'company', label: 'Company' },
  ] satisfies FormComponent[];
  let formed: { id: string; events: StudioEvent[] };
  let formId: string;
  beforeAll(async () => {
    formed = await newSeries(setup.api, 'Formed', 2, 40);
    formId = (await newForm(setup.api, 'Formed form', components, formed.events[0]!.id)).id;
  });
  const registerFormed = (body: Record<string, unknown>, api = setup.api) =>
    api.post<Answer<SeriesUserRegistrationAnswer>>('/api/event/series-registrants/', {
      series: formed.id,
      events: formed.events.map((event) => event.id),
      ...body,
    });

  it("stores the answers in each chosen event as the person's own registration would", async () => {
    const byHand = registrant('ByHand');
    const answer = await registerFormed({
      form_id: formId,
      user: { ...byHand, job: ' Chef ', meal: 'fish', company: 'Acme' },
      event_user_status: 'REGISTRATION',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result) => result.ok)).toEqual([true, true]);
    // The same answers, through the attendee's own register call.
    const self = registrant('Self');
    const selfAnswer = await studio.app.inject({
      method: 'POST',
      url: `/api/event/${formed.events[0]!.id}/register/`,
      payload: { ...self, job: ' Chef ', meal: 'fish', company: 'Acme' },
      remoteAddress: nextAddress(),
    });
    expect(selfAnswer.statusCode).toBe(201);
    const mine = await memberByEmail(setup.api, formed.events[0]!.id, byHand.email);
    const theirs = await memberByEmail(setup.api, formed.events[0]!.id, self.email);
    expect(mine.answers).toEqual({ job: 'Chef', meal: 'fish', company: 'Acme' });
    expect(mine.answers).toEqual(theirs.answers);
    expect(mine.company).toBe('Acme');
    expect((await memberByEmail(setup.api, formed.events[1]!.id, byHand.email)).answers).toEqual(
      mine.answers,
    );
    expect(await storedFormId(studio, mine.id)).toBe(formId);
  });

  it("refuses missing or bad answers with 400 and each field's error, registering nobody", async () => {
    const missing = registrant('Missing');
    const refused = await registerFormed({ form_id: formId, user: { ...missing, meal: 'steak' } });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        errors: {
          'user.job': [formAnswerMessages.required],
          'user.meal': [formAnswerMessages.option],
        },
      },
    });
    // Without form_id the first chosen event's form is asked all the same.
    expect(await registerFormed({ user: missing })).toMatchObject({
      status: 400,
      body: { errors: { 'user.job': [formAnswerMessages.required] } },
    });
    const listed = await setup.api.get<Page<SeriesRegistrant>>(
      `/api/event/series-registrants/?series=${formed.id}&search=${encodeURIComponent(missing.email)}`,
    );
    expect(listed.body.count).toBe(0);
  });

  it("checks a public registration against the first chosen event's form in the series' order, whatever order the ids come in", async () => {
    const [first, second] = formed.events.map((event) => event.id);
    const refused = await publicRegister(formed.id, { ...registrant('Reversed'), events: [second, first] });
    expect(refused).toMatchObject({ status: 400, body: { errors: { job: [formAnswerMessages.required] } } });
    const answered = await publicRegister(formed.id, {
      ...registrant('Reversed'),
      job: 'Chef',
      events: [second, first],
    });
    expect(answered.status).toBe(201);
  });

  it("answers 404 for another organisation's form", async () => {
    const theirs = await newForm(other.api, 'Their form', components);
    const answer = await registerFormed({ form_id: theirs.id, user: { ...registrant('Stray'), job: 'Spy' } });
    expect(answer.status).toBe(404);
  });
});

describe('public series registration', () => {
  it('registers the person for every upcoming event of the series, or the chosen ones', async () => {
    const open = await newSeries(setup.api, 'Open series', 2, 20);
    const everyone = registrant('Everyone');
    const all = await publicRegister(open.id, everyone);
    expect(all.status).toBe(201);
    expect(all.body.results.map((result) => [result.event, result.event_user_status])).toEqual([
      [open.events[0]!.id, 'REGISTRATION'],
      [open.events[1]!.id, 'REGISTRATION'],
    ]);
    const chosen = await publicRegister(open.id, { ...registrant('Chooser'), events: [open.events[1]!.id] });
    expect(chosen.body.results.map((result) => result.event)).toEqual([open.events[1]!.id]);
    // Again: each event answers its code.
    const again = await publicRegister(open.id, everyone);
    expect(again.body.results.map((result) => result.code)).toEqual([
      'USER_ALREADY_IN_EVENT',
      'USER_ALREADY_IN_EVENT',
    ]);
  });

  it('refuses an event outside the series, bad answers, an unknown or finished series', async () => {
    const open = await newSeries(setup.api, 'Checked series', 1, 30);
    const outside = await publicRegister(open.id, { ...registrant(), events: [setup.event.id] });
    expect(outside).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    const bad = await publicRegister(open.id, { email: 'nope', first_name: 'X' });
    expect(bad).toMatchObject({ status: 400, body: { errors: { email: expect.any(Array) as unknown } } });
    expect(await publicRegister(open.id, { ...registrant(), events: [] })).toMatchObject({
      status: 400,
      body: { errors: { events: [registrantListMessages.seriesEventsRequired] } },
    });
    expect((await publicRegister('00000000-0000-4000-8000-000000000000', registrant())).status).toBe(404);
    expect((await publicRegister('nope', registrant())).status).toBe(404);
    const finished = await setup.api.post<{ id: string }>('/api/event/series/', {
      name: 'Finished',
      events: [
        (
          await newEvent(setup.api, {
            title: 'Past',
            start: '2020-01-01T10:00:00Z',
            end: '2020-01-01T11:00:00Z',
          })
        ).id,
      ],
    });
    expect((await publicRegister(finished.body.id, registrant())).status).toBe(404);
  });
});
