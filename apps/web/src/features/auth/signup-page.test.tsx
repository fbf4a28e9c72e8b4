import { PASSWORD_RULE_TEXT, type CurrentUser } from '@studio/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localSession } from '../../api/local-session.ts';
import { TestTheme } from '../../testing/render-widget.tsx';
import { SignupPage } from './signup-page.tsx';

const newUser: CurrentUser = {
  id: 'user-2',
  email: 'grace@example.com',
  first_name: 'Grace',
  last_name: 'Hopper',
  company: null,
  organization: null,
  role: null,
  is_admin: false,
  is_content_lab_standalone: true,
  email_verified: false,
  status: 'CONFIRMED',
  workspaces: [],
  requester_role: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function openSignup(signupAnswer = json(201, newUser)) {
  const fetchMock = vi.fn((path: string) =>
    Promise.resolve(
      path === '/api/auth/signup/'
        ? signupAnswer
        : json(200, { access: 'access-2', refresh: 'refresh-2', user: newUser }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/content/auth/signup', component: SignupPage }),
      createRoute({ getParentRoute: () => rootRoute, path: '/content', component: () => 'Content Lab' }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/content/auth/signup'] }),
  });
  render(
    <TestTheme>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TestTheme>,
  );
  return { fetchMock, router };
}

async function fillIn(values: { first?: string; last?: string; email?: string; password?: string }) {
  const user = userEvent.setup({ delay: null });
  const field = (name: string) => screen.findByRole('textbox', { name });
  if (values.first) await user.type(await field('First name'), values.first);
  if (values.last) await user.type(await field('Last name'), values.last);
  if (values.email) await user.type(await field('Email'), values.email);
  if (values.password) await user.type(await screen.findByLabelText(/^Password/), values.password);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}
describe('SignupPage', () => {
  it('states the password rule before anything is typed', async () => {
    openSignup();
    expect(await screen.findByText(PASSWORD_RULE_TEXT)).toBeTruthy();
  });

  it('checks every field before calling the server', async () => {
    const { fetchMock } = openSignup();
    await fillIn({ email: 'not-an-email' });

    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['Sh#1rt', 'nouppercase#1', 'NoDigits#here', 'NoSymbol123', 'Has space#1', 'A#1' + 'a'.repeat(30)])(
    'refuses the password %s with the rule text',
    async (password) => {
      const { fetchMock } = openSignup();
      await fillIn({ first: 'Grace', last: 'Hopper', email: newUser.email, password });

      expect(screen.getByText(PASSWORD_RULE_TEXT)).toBeTruthy();
      expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('creates the account, signs in and opens the content lab', async () => {
    const { fetchMock, router } = openSignup();
    await fillIn({ first: 'Grace', last: 'Hopper', email: newUser.email, password: 'Secret#123' });

    expect(await screen.findByText('Content Lab')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/content');
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/auth/signup/', '/api/auth/login/']);
    expect(localSession.tokens()).toEqual({ access: 'access-2', refresh: 'refresh-2' });
  });

  it("shows the server's refusal on its field", async () => {
    openSignup(
      json(400, {
        message: 'Some fields are invalid.',
        code: 'VALIDATION',
        errors: { email: ['This email cannot be used to sign up.'] },
      }),
    );
    await fillIn({ first: 'Grace', last: 'Hopper', email: newUser.email, password: 'Secret#123' });

    expect(await screen.findByText('This email cannot be used to sign up.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
  });
});
