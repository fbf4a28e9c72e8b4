import {
  CONTENT_LAB_HREF,
  PASSWORD_RULE_TEXT,
  messages,
  paths,
  serverMessages,
  type CurrentUser,
} from '@studio/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_STATE_KEY, localSession } from '../../api/local-session.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { STUDIO_USAGE_PATH } from '../../session/studio-usage.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';

const typist = () => userEvent.setup({ delay: null });
const textbox = (name: string) => screen.findByRole('textbox', { name });
const temporary: CurrentUser = {
  ...ada,
  id: 'user-9',
  role: null,
  is_admin: false,
  status: 'FORCE_CHANGE_PASSWORD',
};

async function logIn(password = 'Secret#123') {
  const user = typist();
  await user.type(await textbox('Email'), ada.email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('Login', () => {
  it('refuses an SSO-only account with the spec’s text, signs out and points to SSO', async () => {
    localStorage.setItem(USER_STATE_KEY, 'left over');
    openStudio('/auth/login', {
      user: ada,
      signedIn: false,
      routes: (path) =>
        path === '/api/auth/login/' ? json(403, { code: 'ONLY_SSO', message: messages.onlySso }) : undefined,
    });
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toContain(messages.onlySso);
    expect(localStorage.getItem(USER_STATE_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in with SSO' }).getAttribute('href')).toBe(
      '/auth/sso?email=ada%40example.com',
    );
  });

  it("shows the server's message when there were too many tries, and tells the failed sign-in as the page goes", async () => {
    const { fetchMock } = openStudio('/auth/login', {
      user: ada,
      signedIn: false,
      routes: (path) =>
        path === '/api/auth/login/'
          ? json(429, { code: 'TOO_MANY_REQUESTS', message: serverMessages.tooManyRequests })
          : undefined,
    });
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.tooManyRequests);
    window.dispatchEvent(new Event('pagehide'));
    // Nobody is signed in: the sign-in that failed is told, the clicks are not.
    const [told] = callsTo(fetchMock, STUDIO_USAGE_PATH);
    expect(told?.body).toMatchObject({
      events: [{ event: 'studioLoginLogout', action: 'login', is_success: false, login_method: 'password' }],
    });
    const [, sent] = fetchMock.mock.calls.find(([path]) => path === STUDIO_USAGE_PATH)!;
    expect(new Headers(sent.headers).has('authorization')).toBe(false);
  });

  it('sends a member signed in with a temporary password to External, keeping the way back', async () => {
    const { router } = openStudio('/auth/login?redirect=%2Fvideos', { user: temporary, signedIn: false });
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(router.state.location.href).toBe('/auth/external?redirect=%2Fvideos');
  });

  it('asks for a magic link for the email typed and says it was sent', async () => {
    const { fetchMock, router } = openStudio('/auth/login', {
      user: ada,
      signedIn: false,
      routes: (path) =>
        path === '/api/auth/magic_link/' ? json(200, { message: serverMessages.magicLinkSent }) : undefined,
    });
    const user = typist();
    await user.type(await textbox('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/auth/magic_link/')).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(serverMessages.magicLinkSent)).toBeTruthy();
    expect(router.state.location.href).toBe('/auth/magicLinkSent?email=ada%40example.com');
    expect(callsTo(fetchMock, '/api/auth/magic_link/')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('Magic link', () => {
  it('verifies the link once, even in StrictMode, signs in and opens OrgHome', async () => {
    const { fetchMock, router } = openStudio('/auth/link/ada%40example.com/secret-1', {
      user: ada,
      signedIn: false,
      strict: true,
      routes: (path) =>
        path === '/api/auth/magic_link/verify/'
          ? json(200, { access: 'access-1', refresh: 'refresh-1', user: ada })
          : undefined,
    });
    expect(await screen.findByText('Welcome, Ada Lovelace.')).toBeTruthy();
    expect(router.state.location.href).toBe('/home');
    expect(bodiesSentTo(fetchMock, '/api/auth/magic_link/verify/')).toEqual([
      { email: 'ada@example.com', secret_code: 'secret-1' },
    ]);
  });

  it("shows the server's refusal of a spent link", async () => {
    openStudio('/auth/link/ada%40example.com/spent', {
      user: ada,
      signedIn: false,
      routes: (path) =>
        path === '/api/auth/magic_link/verify/'
          ? json(400, { code: 'INVALID_LINK', message: serverMessages.invalidLink })
          : undefined,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.invalidLink);
    expect(localSession.tokens()).toBeNull();
  });
});

describe('Forgot password', () => {
  const resetRoutes = (path: string, init: RequestInit) => {
    if (path === '/api/auth/forgot_password/')
      return json(200, { message: serverMessages.passwordResetCodeSent });
    if (path === '/api/auth/forgot_password/confirm/') {
      const { code } = JSON.parse(init.body as string) as { code: string };
      return code === '123456'
        ? json(200, { message: messages.passwordUpdated })
        : json(400, { code: 'INVALID_CODE', message: serverMessages.invalidCode });
    }
    return undefined;
  };

  it('sends a code, sets the new password with it, then says so and opens Login', async () => {
    const { fetchMock, router } = openStudio('/content/auth/forgot-password?email=ada%40example.com', {
      user: ada,
      signedIn: false,
      routes: resetRoutes,
    });
    const user = typist();
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Email' })).value).toBe(
      'ada@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: 'Set a new password' });
    expect(router.state.location.href).toBe('/auth/forgotPasswordSubmit?email=ada%40example.com');

    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Set password' });
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '999999');
    await user.type(screen.getByLabelText('New password'), 'N3w@Password');
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w@Password');
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.invalidCode);

    await user.clear(screen.getByRole('textbox', { name: 'Code' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await user.click(submit);
    expect(await screen.findByText(messages.passwordUpdated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/auth/login'));
    expect(callsTo(fetchMock, '/api/auth/forgot_password/confirm/').at(-1)?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
      password: 'N3w@Password',
    });
  });

  it('checks the password rule before sending it', async () => {
    const { fetchMock } = openStudio('/auth/forgotPasswordSubmit?email=ada%40example.com', {
      user: ada,
      signedIn: false,
      routes: resetRoutes,
    });
    const user = typist();
    await user.type(await textbox('Code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'weakpassword');
    await user.type(screen.getByLabelText('Confirm new password'), 'weakpassword');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getAllByText(PASSWORD_RULE_TEXT).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, '/api/auth/forgot_password/confirm/')).toEqual([]);
  });
});

describe('Confirm sign-up', () => {
  it('confirms with the code, then opens Login with the email; a new code can be asked for', async () => {
    const { fetchMock, router } = openStudio('/auth/confirmSignup?email=ada%40example.com', {
      user: ada,
      signedIn: false,
      routes: (path) => {
        if (path === '/api/auth/confirm_signup/')
          return json(200, { message: serverMessages.signupConfirmed });
        if (path === '/api/auth/confirm_signup/resend/')
          return json(200, { message: serverMessages.signupCodeSent });
        return undefined;
      },
    });
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(serverMessages.signupCodeSent)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(serverMessages.signupConfirmed)).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/auth/login?email=ada%40example.com'));
    expect(callsTo(fetchMock, '/api/auth/confirm_signup/')[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '654321',
    });
  });

  it('stays open to a signed-in person whose address is not confirmed yet', async () => {
    const { router } = openStudio('/auth/confirmSignup', { user: { ...ada, email_verified: false } });
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Email' })).value).toBe(ada.email);
    expect(router.state.location.href).toBe('/auth/confirmSignup');
  });
});

describe('External and the forced new-password dialog', () => {
  const passwordRoute = (answer: Response) => (path: string) =>
    path === '/api/auth/password/' ? answer : undefined;

  it('External: sets the new password, says so and goes on', async () => {
    const { fetchMock, router } = openStudio('/auth/external?redirect=%2Fvideos', {
      user: temporary,
      routes: passwordRoute(
        json(200, { access: 'access-1', refresh: 'refresh-2', user: { ...temporary, status: 'CONFIRMED' } }),
      ),
    });
    const user = typist();
    const submit = await screen.findByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(true);
    await user.type(screen.getByLabelText('New password'), 'M1ne@Password');
    await user.type(screen.getByLabelText('Confirm new password'), 'M1ne@Password');
    await user.click(submit);

    expect(await screen.findByText(messages.passwordUpdated)).toBeTruthy();
    await waitFor(() => expect(router.state.location.href).toBe('/videos'));
    expect(callsTo(fetchMock, '/api/auth/password/')[0]?.body).toEqual({ password: 'M1ne@Password' });
    expect(localSession.tokens()).toEqual({ access: 'access-1', refresh: 'refresh-2' });
  });

  it('External: a failure says to contact support', async () => {
    openStudio('/auth/external', {
      user: temporary,
      routes: passwordRoute(json(500, { code: 'INTERNAL_ERROR', message: messages.internalServerError })),
    });
    const user = typist();
    await user.type(await screen.findByLabelText('New password'), 'M1ne@Password');
    await user.type(screen.getByLabelText('Confirm new password'), 'M1ne@Password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.passwordSetFailed);
  });

  const standalone: CurrentUser = {
    ...temporary,
    organization: null,
    is_content_lab_standalone: true,
  };

  it('the dialog: 8 to 40 characters, the rule text, Submit only once both fields match', async () => {
    openStudio('/content/auth/already-logged-in', {
      user: standalone,
      routes: passwordRoute(
        json(200, { access: 'access-1', refresh: 'refresh-1', user: { ...standalone, status: 'CONFIRMED' } }),
      ),
    });
    const user = typist();
    const dialog = await screen.findByRole('dialog', { name: 'Set a new password' });
    expect(dialog.textContent).toContain(PASSWORD_RULE_TEXT);
    const password = screen.getByLabelText('New password');
    const confirmation = screen.getByLabelText('Confirm new password');
    for (const input of [password, confirmation]) {
      expect(input.getAttribute('minlength')).toBe('8');
      expect(input.getAttribute('maxlength')).toBe('40');
    }
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(true);
    await user.type(password, 'M1ne@Password');
    expect(submit.disabled).toBe(true);
    await user.type(confirmation, 'M1ne@Passwor');
    expect(submit.disabled).toBe(true);
    await user.type(confirmation, 'd');
    expect(submit.disabled).toBe(false);

    await user.click(submit);
    expect(await screen.findByText(messages.passwordUpdated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set a new password' })).toBeNull());
  });

  it('the dialog: a failure says to contact support and the dialog stays', async () => {
    openStudio('/content/auth/already-logged-in', {
      user: standalone,
      routes: passwordRoute(json(400, { code: 'VALIDATION_ERROR', message: 'Nope.' })),
    });
    const user = typist();
    await user.type(await screen.findByLabelText('New password'), 'M1ne@Password');
    await user.type(screen.getByLabelText('Confirm new password'), 'M1ne@Password');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.passwordSetFailed);
    expect(screen.getByRole('dialog', { name: 'Set a new password' })).toBeTruthy();
  });

  it('no dialog for a standalone user who chose their password; their content lab is a link away', async () => {
    openStudio('/content/auth/already-logged-in', { user: { ...standalone, status: 'CONFIRMED' } });
    await screen.findByText('Your account does not belong to an organization yet.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Content Lab' }).getAttribute('href')).toBe(
      CONTENT_LAB_HREF,
    );
    expect(screen.getByRole('link', { name: 'Create an organization' }).getAttribute('href')).toBe(
      paths.createOrg,
    );
  });

  it('points a producer with no organisation to the event app of the events they work at', async () => {
    const producer: CurrentUser = { ...ada, organization: null, status: 'CONFIRMED' };
    openStudio('/content/auth/already-logged-in', {
      user: producer,
      routes: (path) =>
        path.startsWith('/api/core/user/me/events/')
          ? json(200, {
              count: 1,
              next: null,
              previous: null,
              results: [
                {
                  event: 'e-1',
                  title: 'Northwind Summit',
                  start_time: '2031-03-01T09:00:00.000Z',
                  role: 'Producer',
                  event_app_url: 'https://events.example/e/e-1/live',
                },
              ],
            })
          : undefined,
    });
    const open = await screen.findByRole('link', { name: 'Open Northwind Summit as Producer' });
    expect(open.getAttribute('href')).toBe('https://events.example/e/e-1/live');
    expect(screen.getByText(/Producer · Mar 1, 2031/)).toBeTruthy();
    // Creating an organisation is still offered, no longer as the main way on.
    expect(screen.getByRole('link', { name: 'Create an organization' }).getAttribute('data-variant')).toBe(
      'default',
    );
  });

  it('pages the events someone works at on the server: "Load more" reads the next page', async () => {
    const producer: CurrentUser = { ...ada, organization: null, status: 'CONFIRMED' };
    const workAt = (id: string, title: string) => ({
      event: id,
      title,
      start_time: '2031-03-01T09:00:00.000Z',
      role: 'Speaker',
      event_app_url: `https://events.example/e/${id}/live`,
    });
    const { fetchMock } = openStudio('/content/auth/already-logged-in', {
      user: producer,
      routes: (path) => {
        const [route, search = ''] = path.split('?');
        if (route !== '/api/core/user/me/events/') return undefined;
        return new URLSearchParams(search).get('offset') === '50'
          ? json(200, {
              count: 51,
              next: null,
              previous: 'http://localhost/api/core/user/me/events/?limit=50',
              results: [workAt('e-51', 'Oldest Summit')],
            })
          : json(200, {
              count: 51,
              next: 'http://localhost/api/core/user/me/events/?limit=50&offset=50',
              previous: null,
              results: Array.from({ length: 50 }, (_, index) =>
                workAt(`e-${index + 1}`, `Summit ${index + 1}`),
              ),
            });
      },
    });
    expect(await screen.findByRole('link', { name: 'Open Summit 50 as Speaker' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Oldest Summit as Speaker' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Open Oldest Summit as Speaker' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Open .* as Speaker$/ })).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      callsTo(fetchMock, '/api/core/user/me/events/').map(({ url }) => new URL(url, 'http://x').search),
    ).toEqual(['?limit=50&offset=0', '?limit=50&offset=50']);
  });
});
