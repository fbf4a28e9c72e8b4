import { serverMessages } from '@studio/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localSession } from '../../api/local-session.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { browserLocation } from './sso-api.ts';

let leftFor: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  leftFor = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, 'assign').mockImplementation(leftFor);
});

const ssoRoutes =
  (options: { onlySso: boolean; authorize: Response }) =>
  (path: string): Response | undefined => {
    if (path.startsWith('/api/core/user/sso_metadata/')) return json(200, { only_sso: options.onlySso });
    if (path.startsWith('/api/auth/sso/authorize/')) return options.authorize;
    return undefined;
  };
const redirectToProvider = () =>
  new Response(null, { status: 302, headers: { Location: 'https://idp.test/authorize' } });

async function continueWith(email: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
}

describe('/auth/sso, starting', () => {
  it('asks the SSO metadata, and sends an SSO-only account straight to its provider', async () => {
    const { fetchMock } = openStudio('/auth/sso', {
      user: ada,
      signedIn: false,
      routes: ssoRoutes({ onlySso: true, authorize: redirectToProvider() }),
    });
    await continueWith('sam@acme.test');
    await waitFor(() =>
      expect(leftFor).toHaveBeenCalledWith('/api/auth/sso/authorize/?email=sam%40acme.test'),
    );
    expect(callsTo(fetchMock, '/api/core/user/sso_metadata/').map((call) => call.url)).toEqual([
      '/api/core/user/sso_metadata/?email=sam%40acme.test',
    ]);
    expect(callsTo(fetchMock, '/api/auth/sso/authorize/')).toEqual([]);
  });

  it('checks that any other email has a provider before leaving', async () => {
    const { fetchMock } = openStudio('/auth/sso?email=sam%40acme.test', {
      user: ada,
      signedIn: false,
      routes: ssoRoutes({ onlySso: false, authorize: redirectToProvider() }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Continue with SSO' }));
    await waitFor(() =>
      expect(leftFor).toHaveBeenCalledWith('/api/auth/sso/authorize/?email=sam%40acme.test'),
    );
    expect(callsTo(fetchMock, '/api/auth/sso/authorize/')).toHaveLength(1);
  });

  it("stays with the server's message when the email has no provider", async () => {
    openStudio('/auth/sso', {
      user: ada,
      signedIn: false,
      routes: ssoRoutes({
        onlySso: false,
        authorize: json(404, { code: 'SSO_NOT_CONFIGURED', message: serverMessages.ssoNotConfigured }),
      }),
    });
    await continueWith('someone@nowhere.test');
    expect((await screen.findByRole('alert')).textContent).toBe(serverMessages.ssoNotConfigured);
    expect(leftFor).not.toHaveBeenCalled();
  });

  it('/auth/org/{orgId} starts the organisation flow at once', async () => {
    openStudio('/auth/org/org-9', {
      user: ada,
      signedIn: false,
      routes: ssoRoutes({ onlySso: false, authorize: redirectToProvider() }),
    });
    await waitFor(() => expect(leftFor).toHaveBeenCalledWith('/api/auth/sso/authorize/?organization=org-9'));
  });

  it('/auth/oktalogin with an organisation goes to its provider', async () => {
    openStudio('/auth/oktalogin?organization=org-7', {
      user: ada,
      signedIn: false,
      routes: ssoRoutes({ onlySso: false, authorize: redirectToProvider() }),
    });
    await waitFor(() => expect(leftFor).toHaveBeenCalledWith('/api/auth/sso/authorize/?organization=org-7'));
  });
});

describe('/auth/sso, the way back', () => {
  const exchangeAnswer = (answer: Response) => (path: string) =>
    path.startsWith('/api/auth/sso/token/') ? answer : undefined;

  it('exchanges the code once, signs in and opens OrgHome', async () => {
    const { fetchMock, router } = openStudio('/auth/sso?code=c-1&state=s-1&iss=https%3A%2F%2Fidp.test', {
      user: ada,
      signedIn: false,
      strict: true,
      routes: exchangeAnswer(json(200, { access: 'access-1', refresh: 'refresh-1', user: ada })),
    });
    expect(await screen.findByText('Welcome, Ada Lovelace.')).toBeTruthy();
    expect(router.state.location.href).toBe('/home');
    expect(callsTo(fetchMock, '/api/auth/sso/token/').map((call) => call.url)).toEqual([
      '/api/auth/sso/token/?code=c-1&state=s-1&iss=https%3A%2F%2Fidp.test',
    ]);
    expect(localSession.tokens()).toEqual({ access: 'access-1', refresh: 'refresh-1' });
  });

  it('sends an ID token in the body with its organisation', async () => {
    const { fetchMock } = openStudio('/auth/sso?organization=org-1#id_token=jwt-1', {
      user: ada,
      signedIn: false,
      routes: exchangeAnswer(json(200, { access: 'access-1', refresh: 'refresh-1', user: ada })),
    });
    await screen.findByText('Welcome, Ada Lovelace.');
    expect(callsTo(fetchMock, '/api/auth/sso/token/')).toEqual([
      { url: '/api/auth/sso/token/?organization=org-1', method: 'POST', body: { token: 'jwt-1' } },
    ]);
  });

  it.each([
    [401, 'SSO_INVALID_TOKEN', serverMessages.ssoInvalidToken, 'notallowed', 'Sign-in not allowed'],
    [400, 'SSO_FAILED', serverMessages.ssoFailed, 'failed', 'Single sign-on failed'],
    [500, 'INTERNAL_ERROR', 'Internal server error', 'failed', 'Single sign-on failed'],
  ])('a %i %s answer gives the %s state', async (status, code, message, state, title) => {
    openStudio('/auth/sso?code=c-1&state=s-1', {
      user: ada,
      signedIn: false,
      routes: exchangeAnswer(json(status, { code, message })),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.getAttribute('data-login-status')).toBe(state);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(localSession.tokens()).toBeNull();
  });

  it("shows the provider's refusal as failed", async () => {
    const { fetchMock } = openStudio('/auth/sso?error=access_denied&error_description=The+user+cancelled.', {
      user: ada,
      signedIn: false,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The user cancelled.');
    expect(alert.getAttribute('data-login-status')).toBe('failed');
    expect(callsTo(fetchMock, '/api/auth/sso/token/')).toEqual([]);
  });
});
