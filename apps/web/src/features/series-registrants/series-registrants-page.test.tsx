import { formAnswerMessages, registrantCodeMessages, registrationMessages } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { chooseOption } from '../../testing/option-list.ts';
import { registrationFormFixture, typePerson } from '../../testing/registration-form-fixture.ts';
import { seriesFixture } from '../../testing/series-fixture.ts';

beforeAll(() => import('../../app/registration-route.tsx'), 60_000);

const registrantsPath = '/api/event/series-registrants/';
const series = seriesFixture({ name: 'Meetups', events: ['e-1', 'e-2'] });
const ada2 = {
  id: 'u-1',
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  company: 'Acme',
  events: [
    { id: 'e-1', title: 'January meetup', event_user_status: 'REGISTRATION' },
    { id: 'e-2', title: 'February meetup', event_user_status: 'WAITLISTED' },
  ],
};
const seriesRoutes =
  (routes: ExtraRoutes, firstForm: string | null = null): ExtraRoutes =>
  (path, init) => {
    const answer = routes(path, init);
    if (answer) return answer;
    const [route] = path.split('?');
    if (route === '/api/event/series/s-1/') return json(200, series);
    if (route === '/api/event/')
      return page([
        eventFixture({
          id: 'e-1',
          title: 'January meetup',
          series: { id: 's-1', name: 'Meetups', is_repeating: false },
          registration_form_data: firstForm === null ? null : { id: firstForm, is_global_form: false },
        }),
        eventFixture({
          id: 'e-2',
          title: 'February meetup',
          series: { id: 's-1', name: 'Meetups', is_repeating: false },
        }),
      ]);
    return undefined;
  };
const queries = (fetchMock: Parameters<typeof callsTo>[0]) =>
  callsTo(fetchMock, registrantsPath)
    .filter((call) => call.method === 'GET')
    .map((call) => Object.fromEntries(new URL(call.url, 'http://studio.test').searchParams));

/** Opens Register for Series from the empty list, once its events are read. */
async function openRegisterDialog() {
  const empty = await screen.findByRole('region', { name: 'No registrants yet' });
  const open = within(empty).getByRole('button', { name: 'Register User' });
  await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(open);
  return { empty, dialog: await screen.findByRole('dialog', { name: 'Register for Series' }) };
}

describe('series registrants page', () => {
  it('lists 25 a page by first name with each person’s events and status', async () => {
    const { fetchMock } = openStudio('/series/s-1/registration/registrants', {
      user: ada,
      routes: seriesRoutes((path) => (path.startsWith(registrantsPath) ? page([ada2], 30) : undefined)),
    });
    const table = await screen.findByRole('table', { name: 'Series registrants' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Ada Lovelace',
      'ada@example.com',
      'Acme',
      'January meetup · RegisteredFebruary meetup · Waitlisted',
    ]);
    expect(queries(fetchMock)[0]).toEqual({
      series: 's-1',
      ordering: 'first_name',
      limit: '25',
      offset: '0',
    });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('sends the companies, events, sort and search of the address', async () => {
    const { fetchMock } = openStudio(
      '/series/s-1/registration/registrants?search=ada&sort=-company&company=Acme,Initech&events=e-2&page=2',
      {
        user: ada,
        routes: seriesRoutes((path) => (path.startsWith(registrantsPath) ? page([ada2], 30) : undefined)),
      },
    );
    await screen.findByRole('table', { name: 'Series registrants' });
    expect(queries(fetchMock)[0]).toEqual({
      series: 's-1',
      ordering: '-company',
      limit: '25',
      offset: '25',
      search: 'ada',
      company__in: 'Acme,Initech',
      events__in: 'e-2',
    });
  });

  it('asks again with the companies typed and the events picked in the toolbar', async () => {
    const { fetchMock } = openStudio('/series/s-1/registration/registrants', {
      user: ada,
      routes: seriesRoutes((path) => (path.startsWith(registrantsPath) ? page([ada2], 30) : undefined)),
    });
    await screen.findByRole('table', { name: 'Series registrants' });
    const input = (label: string) =>
      screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
    await userEvent.type(input('Company'), 'Initech{Enter}');
    await waitFor(() => expect(queries(fetchMock).at(-1)).toMatchObject({ company__in: 'Initech' }));
    await chooseOption(userEvent.setup(), input('Events'), 'February meetup');
    await waitFor(() =>
      expect(queries(fetchMock).at(-1)).toMatchObject({ company__in: 'Initech', events__in: 'e-2' }),
    );
    // Each chosen value's × is a button named for it.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Initech' }));
    await waitFor(() => expect(queries(fetchMock).at(-1)).not.toHaveProperty('company__in'));
  });

  it('says when the registrants cannot be read', async () => {
    openStudio('/series/s-1/registration/registrants', {
      user: ada,
      routes: seriesRoutes((path) => (path.startsWith(registrantsPath) ? json(500, {}) : undefined)),
    });
    await waitFor(() =>
      expect(screen.getAllByText(registrationMessages.errorFetchingSeriesRegistrants)).toHaveLength(2),
    );
  });

  it('registers a person for chosen events of the series, and says so when it fails', async () => {
    let refuse = false;
    const { fetchMock } = openStudio('/series/s-1/registration/registrants', {
      user: ada,
      routes: seriesRoutes((path, init) => {
        if (path === registrantsPath && init.method === 'POST')
          return refuse ? json(500, {}) : json(201, { series: 's-1', user: 'u-9', results: [] });
        return path.startsWith(registrantsPath) ? page([]) : undefined;
      }),
    });
    const { empty, dialog } = await openRegisterDialog();
    await typePerson(dialog, 'hedy@example.com', 'Hedy', 'Lamarr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, registrantsPath).filter((call) => call.method === 'POST')[0]?.body).toEqual({
        series: 's-1',
        events: ['e-1', 'e-2'],
        event_user_status: 'REGISTRATION',
        form_id: null,
        user: { email: 'hedy@example.com', first_name: 'Hedy', last_name: 'Lamarr' },
      }),
    );
    expect(await screen.findByText(registrationMessages.registeredByHand)).toBeTruthy();

    refuse = true;
    await userEvent.click(within(empty).getByRole('button', { name: 'Register User' }));
    const again = await screen.findByRole('dialog', { name: 'Register for Series' });
    await typePerson(again, 'joan@example.com', 'Joan', 'Clarke');
    await userEvent.click(within(again).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(registrationMessages.errorRegisteringForSeries)).toBeTruthy();
  });

  it('says which events did not take the person, and keeps the dialog open', async () => {
    const blocked = registrantCodeMessages.USER_BLOCKED_FROM_EVENT;
    const results = [
      { event: 'e-1', ok: true, event_user_status: 'REGISTRATION', code: null, message: 'Registered' },
      { event: 'e-2', ok: false, event_user_status: null, code: 'USER_BLOCKED_FROM_EVENT', message: blocked },
    ];
    openStudio('/series/s-1/registration/registrants', {
      user: ada,
      routes: seriesRoutes((path, init) => {
        if (path === registrantsPath && init.method === 'POST')
          return json(201, { series: 's-1', user: 'u-9', results });
        return path.startsWith(registrantsPath) ? page([]) : undefined;
      }),
    });
    const { dialog } = await openRegisterDialog();
    await typePerson(dialog, 'hedy@example.com', 'Hedy', 'Lamarr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText(`February meetup: ${blocked}`)).toBeTruthy();
    expect(within(dialog).queryByText(/January meetup:/)).toBeNull();
    expect(screen.queryByText(registrationMessages.registeredByHand)).toBeNull();
  });

  it("asks the first chosen event's form, its required answers before sending, and sends them with form_id", async () => {
    let refuse = false;
    const form = registrationFormFixture({
      formio_data: {
        components: [
          { type: 'textfield', key: 'job', label: 'Job', validate: { required: true } },
          { type: 'textfield', key: 'company', label: 'Company' },
        ],
      },
    });
    const { fetchMock } = openStudio('/series/s-1/registration/registrants', {
      user: ada,
      routes: seriesRoutes((path, init) => {
        if (path === '/api/event/forms/f-1/') return json(200, form);
        if (path === registrantsPath && init.method === 'POST')
          return refuse
            ? json(400, {
                message: 'This field is required.',
                code: 'VALIDATION_ERROR',
                errors: { 'user.job': ['Enter a job the server knows.'] },
              })
            : json(200, { series: 's-1', user: 'u-9', results: [] });
        return path.startsWith(registrantsPath) ? page([]) : undefined;
      }, 'f-1'),
    });
    const posts = () => callsTo(fetchMock, registrantsPath).filter((call) => call.method === 'POST');
    const { empty, dialog } = await openRegisterDialog();
    const job = await within(dialog).findByRole('textbox', { name: 'Job' });
    // The form asks the company: it is one of its answers, not a field of its own.
    expect(within(dialog).getAllByRole('textbox', { name: 'Company' })).toHaveLength(1);
    await typePerson(dialog, 'hedy@example.com', 'Hedy', 'Lamarr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText(formAnswerMessages.required)).toBeTruthy();
    expect(posts()).toHaveLength(0);

    await userEvent.type(job, 'Inventor');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'MGM');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(posts()[0]?.body).toEqual({
        series: 's-1',
        events: ['e-1', 'e-2'],
        event_user_status: 'REGISTRATION',
        form_id: 'f-1',
        user: {
          email: 'hedy@example.com',
          first_name: 'Hedy',
          last_name: 'Lamarr',
          job: 'Inventor',
          company: 'MGM',
        },
      }),
    );
    expect(await screen.findByText(registrationMessages.registeredByHand)).toBeTruthy();

    refuse = true;
    await userEvent.click(within(empty).getByRole('button', { name: 'Register User' }));
    const again = await screen.findByRole('dialog', { name: 'Register for Series' });
    await typePerson(again, 'joan@example.com', 'Joan', 'Clarke');
    await userEvent.type(within(again).getByRole('textbox', { name: 'Job' }), 'Codebreaker');
    await userEvent.click(within(again).getByRole('button', { name: 'Register' }));
    expect(await within(again).findByText('Enter a job the server knows.')).toBeTruthy();
    expect(await screen.findByText(registrationMessages.errorRegisteringForSeries)).toBeTruthy();
  });
});
