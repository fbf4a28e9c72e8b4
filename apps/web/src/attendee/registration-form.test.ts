import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  attendeePageMessages,
  choiceOptions,
  type FormioData,
  REGISTRATION_FORM_ATTRIBUTE,
  registrationCodeMessages,
  registrationFormHtml,
  registrationMessages,
  registrationOutcomeMessages,
} from '@studio/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceRegistrationForm } from './registration-form.ts';

const form: FormioData = {
  components: [
    { type: 'number', key: 'seats', label: 'Seats', validate: { min: 1 } },
    {
      type: 'radio',
      key: 'track',
      label: 'Track',
      data: choiceOptions(['builders', 'Builders'], ['leaders', 'Leaders']),
    },
    { type: 'consent', key: 'terms', label: 'I agree to the terms', validate: { required: true } },
    { type: 'hidden', key: 'utm_source', label: 'utm_source' },
  ],
};

const page = window as unknown as { __studioHooks?: Record<string, unknown> };
let fetched: { url: string; body: unknown }[] = [];

/** The page as the server renders it, enhanced; the register call answers `answer` (or fails). */
function registrationPage(
  answer: (() => Promise<Response>) | { status: number; body: unknown },
  series = false,
  /** An event's form naming its confirmation page, opened through this. */
  navigate?: (url: string) => void,
) {
  fetched = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    fetched.push({ url, body: JSON.parse(init.body as string) });
    return typeof answer === 'function'
      ? answer()
      : Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
  document.body.innerHTML = `<main><h1>Summit</h1>${registrationFormHtml({
    action: series ? '/api/event/series/s-1/register/' : '/api/event/e-1/register/',
    form,
    query: { utm_source: 'newsletter' },
    events: series
      ? ['e-1', 'e-2'].map((id, index) => ({
          id,
          title: `Day ${index + 1}`,
          start_time: new Date('2031-05-01T13:00:00Z'),
          end_time: new Date('2031-05-01T21:00:00Z'),
          timezone: 'UTC',
        }))
      : undefined,
    confirmation: navigate && (series ? '/s/s-1/registered' : '/e/e-1/registered'),
  })}</main>`;
  enhanceRegistrationForm(
    document.querySelector<HTMLFormElement>(`form[${REGISTRATION_FORM_ATTRIBUTE}]`)!,
    navigate,
  );
  return userEvent.setup({ delay: null });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^First name/ }), ' Ada ');
  await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Lovelace');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ADA@example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Seats' }), '2');
  await user.click(screen.getByRole('radio', { name: 'Builders' }));
  await user.click(screen.getByRole('checkbox', { name: /I agree to the terms/ }));
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: attendeePageMessages.register }));

afterEach(() => {
  document.body.innerHTML = '';
  delete page.__studioHooks;
});

describe('the registration form script (issue 17 §1)', () => {
  it("refuses answers by the server's rules: each error under its field, linked, the first focused", async () => {
    const user = registrationPage({ status: 201, body: {} });
    await user.type(screen.getByRole('spinbutton', { name: 'Seats' }), '0');
    await submit(user);
    expect(fetched).toEqual([]);
    const first = screen.getByRole('textbox', { name: /^First name/ });
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toBe('rf-first_name-error');
    expect(document.getElementById('rf-first_name-error')?.textContent).toBe('This field is required.');
    expect(screen.getByRole('spinbutton', { name: 'Seats' }).getAttribute('aria-describedby')).toBe(
      'rf-seats-error',
    );
    expect(document.getElementById('rf-seats-error')?.textContent).toBe('Enter 1 or more.');
    const terms = screen.getByRole('checkbox', { name: /I agree to the terms/ });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('rf-terms-error')?.hidden).toBe(false);
    // An optional field left blank is no error.
    expect(document.getElementById('rf-track-error')?.hidden).toBe(true);

    // Answering a field takes its error away.
    await user.type(first, 'Ada');
    expect(first.hasAttribute('aria-invalid')).toBe(false);
    expect(first.hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById('rf-first_name-error')?.hidden).toBe(true);
  });

  it('posts the checked answers as JSON, then tells the outcome in place of the form, and runs the hook', async () => {
    const onFormSubmission = vi.fn();
    page.__studioHooks = { onFormSubmission };
    let answer!: (response: Response) => void;
    const user = registrationPage(() => new Promise((resolve) => (answer = resolve)));
    await fillIn(user);
    await submit(user);

    // Sending: the button says so and takes no second click.
    const button = screen.getByRole('button', { name: attendeePageMessages.submitting });
    expect(button).toHaveProperty('disabled', true);
    const answers = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      seats: 2,
      track: 'builders',
      terms: true,
      utm_source: 'newsletter',
    };
    expect(fetched).toEqual([
      {
        url: expect.stringMatching(/\/api\/event\/e-1\/register\/$/) as unknown,
        body: { ...answers, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      },
    ]);

    answer(
      new Response(JSON.stringify({ event_user_status: 'REGISTRATION', awaiting_approval: false }), {
        status: 201,
      }),
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(registrationOutcomeMessages.REGISTRATION);
    expect(document.activeElement).toBe(status);
    expect(screen.queryByRole('form')).toBeNull();
    expect(onFormSubmission).toHaveBeenCalledWith(answers, false);
  });

  it.each([
    [{ event_user_status: 'WAITLISTED', awaiting_approval: false }, registrationOutcomeMessages.WAITLISTED],
    [
      { event_user_status: 'PENDING', awaiting_approval: true },
      registrationOutcomeMessages.AWAITING_APPROVAL,
    ],
  ])('tells a waitlisted or pending registrant so: %o', async (body, message) => {
    const user = registrationPage({ status: 201, body });
    await fillIn(user);
    await submit(user);
    expect((await screen.findByRole('status')).textContent).toBe(message);
  });

  it("shows a refusal's meaning and the server's field errors, keeping the answers", async () => {
    const user = registrationPage({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'Enter a valid email address.',
        errors: { email: ['Enter a valid email address.'] },
      },
    });
    await fillIn(user);
    await submit(user);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address.'));
    expect(document.getElementById('rf-email-error')?.textContent).toBe('Enter a valid email address.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(email).toHaveProperty('value', 'ADA@example.com');
    expect(screen.getByRole('button', { name: attendeePageMessages.register })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('tells a known refusal by its code, running the hook for a re-registration', async () => {
    const onFormSubmission = vi.fn();
    page.__studioHooks = { onFormSubmission };
    const user = registrationPage({
      status: 409,
      body: { code: 'USER_ALREADY_IN_EVENT', message: 'Already.' },
    });
    await fillIn(user);
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(registrationCodeMessages.USER_ALREADY_IN_EVENT),
    );
    expect(onFormSubmission).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Ada' }), true);
  });

  it('says the registration failed when the call does not answer', async () => {
    const user = registrationPage(() => Promise.reject(new TypeError('offline')));
    await fillIn(user);
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(registrationMessages.registrationFailed),
    );
  });

  it("sends a series' chosen events and tells each outcome once", async () => {
    const outcome = { event_user_status: 'REGISTRATION', awaiting_approval: false };
    const user = registrationPage({ status: 201, body: { results: [outcome, outcome] } }, true);
    await user.click(screen.getByRole('checkbox', { name: /Day 2/ }));
    await fillIn(user);
    await submit(user);
    expect((await screen.findByRole('status')).querySelectorAll('p')).toHaveLength(1);
    expect(fetched[0]).toMatchObject({
      url: expect.stringMatching(/\/api\/event\/series\/s-1\/register\/$/) as unknown,
      body: { events: ['e-1'], first_name: 'Ada' },
    });
  });

  it("opens a series' outcome page with each chosen event's outcome", async () => {
    const navigate = vi.fn();
    const results = [
      { event: 'e-1', event_user_status: 'REGISTRATION', awaiting_approval: false, code: null },
      { event: 'e-2', event_user_status: null, awaiting_approval: false, code: 'USER_ALREADY_IN_EVENT' },
    ];
    const user = registrationPage({ status: 201, body: { series: 's-1', results } }, true, navigate);
    await fillIn(user);
    await submit(user);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        '/s/s-1/registered?results=e-1:REGISTRATION,e-2:USER_ALREADY_IN_EVENT',
      ),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    [{ event_user_status: 'REGISTRATION', awaiting_approval: false }, 'REGISTRATION'],
    [{ event_user_status: 'WAITLISTED', awaiting_approval: false }, 'WAITLISTED'],
    [{ event_user_status: 'PENDING', awaiting_approval: true }, 'AWAITING_APPROVAL'],
  ])("opens an event's confirmation page with the outcome (%o), after the hook", async (body, status) => {
    const onFormSubmission = vi.fn();
    page.__studioHooks = { onFormSubmission };
    const navigate = vi.fn();
    const user = registrationPage({ status: 201, body }, false, navigate);
    await fillIn(user);
    await submit(user);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/e/e-1/registered?status=${status}`));
    expect(onFormSubmission).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Ada' }), false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stays on the form with the refusal when the registration is refused', async () => {
    const navigate = vi.fn();
    const user = registrationPage(
      { status: 409, body: { code: 'REGISTRATION_CLOSED', message: 'Closed.' } },
      false,
      navigate,
    );
    await fillIn(user);
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(registrationCodeMessages.REGISTRATION_CLOSED),
    );
    expect(navigate).not.toHaveBeenCalled();
  });
});
