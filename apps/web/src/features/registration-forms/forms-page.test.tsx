import { messages, registrationMessages, type RegistrationForm } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { registrationFormFixture } from '../../testing/registration-form-fixture.ts';

const formFixture = registrationFormFixture;
const routes =
  (overrides: ExtraRoutes = () => undefined): ExtraRoutes =>
  (path, init) => {
    const answer = overrides(path, init);
    if (answer) return answer;
    const [route] = path.split('?');
    if (route === '/api/event/forms/f-1/' && init.method === 'PUT')
      return json(200, formFixture(JSON.parse(init.body as string) as Partial<RegistrationForm>));
    if (route === '/api/event/forms/f-1/') return json(200, formFixture());
    if (route === '/api/event/forms/' && init.method === 'POST') return json(201, formFixture({ id: 'f-2' }));
    if (route === '/api/event/forms/') return page([formFixture()]);
    return undefined;
  };
const puts = (fetchMock: Parameters<typeof callsTo>[0]) =>
  callsTo(fetchMock, '/api/event/forms/f-1/').filter((call) => call.method === 'PUT');

describe('settings → forms', () => {
  it('lists the organisation’s forms', async () => {
    openStudio('/settings-new/forms', { user: ada, routes: routes() });
    const table = await screen.findByRole('table', { name: 'Forms' });
    expect(within(table).getByText('Conference form')).toBeTruthy();
    // Updated, as the studio writes dates (midnight UTC: either side of it in the browser's zone).
    expect(within(table).getByRole('cell', { name: /^(Dec 31, 2030|Jan 1, 2031)$/ })).toBeTruthy();
    // A section of Settings: its tabs, this one chosen.
    const tabs = screen.getByRole('tablist', { name: 'Settings' });
    expect(within(tabs).getByRole('tab', { name: 'Forms' }).getAttribute('aria-selected')).toBe('true');
    expect(within(tabs).getByRole('tab', { name: 'Users' })).toBeTruthy();
  });

  it('shows the empty state and creates a form from it', async () => {
    const { fetchMock } = openStudio('/settings-new/forms', {
      user: ada,
      routes: routes((path, init) =>
        path.startsWith('/api/event/forms/?') && init.method !== 'POST' ? page([]) : undefined,
      ),
    });
    const empty = await screen.findByRole('region', { name: 'No forms yet' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(empty).getByRole('button', { name: 'Create form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create form' });
    await user.type(within(dialog).getByRole('textbox', { name: /Form name/ }), 'Partner form');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/forms/').find((call) => call.method === 'POST')).toMatchObject({
        body: { name: 'Partner form', is_global_form: true },
      }),
    );
  });

  it('says so when the forms cannot be loaded', async () => {
    openStudio('/settings-new/forms', {
      user: ada,
      routes: routes((path) =>
        path.startsWith('/api/event/forms/') ? json(500, { message: 'down' }) : undefined,
      ),
    });
    expect((await screen.findAllByText(registrationMessages.errorLoadingForms)).length).toBeGreaterThan(0);
  });
});

describe('the form builder', () => {
  it('is named in the breadcrumbs after its form, from its one read of it', async () => {
    const { fetchMock } = openStudio('/settings-new/forms/f-1', { user: ada, routes: routes() });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect((await within(trail).findByText('Conference form')).getAttribute('aria-current')).toBe('page');
    expect(within(trail).getByRole('link', { name: 'Forms' }).getAttribute('href')).toBe(
      '/settings-new/forms',
    );
    expect(callsTo(fetchMock, '/api/event/forms/f-1/')).toHaveLength(1);
  });

  it('adds fields and a profile field, edits options and required, previews and saves in order', async () => {
    const { fetchMock } = openStudio('/settings-new/forms/f-1', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    const fields = await screen.findByRole('list', { name: 'Form fields' });
    expect(within(fields).getByText('Company size')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Radio' }));
    const settings = screen.getByRole('group', { name: 'Field settings' });
    const label = within(settings).getByRole('textbox', { name: /Label/ });
    await user.clear(label);
    await user.type(label, 'Track');
    await user.click(within(settings).getByRole('checkbox', { name: 'Required' }));
    const option = within(settings).getByRole('textbox', { name: 'Option 1 label' });
    await user.clear(option);
    await user.type(option, 'Builders');

    await user.click(screen.getByRole('button', { name: 'Add profile field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'I agree to the code of conduct' }));

    // The live preview renders the form as registrants see it.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('radio', { name: 'Builders' })).toBeTruthy();
    expect(within(preview).getByRole('checkbox', { name: /I agree to the code of conduct/ })).toBeTruthy();

    // Remove the first field; the others keep their order.
    await user.click(screen.getByRole('button', { name: 'Remove Company size' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]?.body).toMatchObject({
      form: { name: 'Conference form' },
      formio_data: {
        components: [
          {
            type: 'radio',
            // New, the field's key followed its label (form.io): the answer is named 'track'.
            key: 'track',
            label: 'Track',
            validate: { required: true },
            data: { values: [{ label: 'Builders', value: 'builders' }, { value: 'option_2' }] },
          },
          { type: 'consent', key: 'code_of_conduct', profile_field: 'code_of_conduct' },
        ],
      },
    });
  });

  it('links a consent to its policy: the help text opens it in the preview, a link that is no web address refused', async () => {
    const { fetchMock } = openStudio('/settings-new/forms/f-1', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Form fields' });
    await user.click(screen.getByRole('button', { name: 'Add profile field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'I agree to the privacy policy' }));
    const settings = screen.getByRole('group', { name: 'Field settings' });
    await user.type(within(settings).getByRole('textbox', { name: /Help text/ }), 'Read our privacy policy');
    const link = within(settings).getByRole('textbox', { name: /Link/ });
    await user.type(link, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(settings).findByText('Enter a web address starting with https:// or http://.'),
    ).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);

    await user.clear(link);
    await user.type(link, 'https://example.com/privacy');
    const preview = screen.getByRole('region', { name: 'Preview' });
    const policy = within(preview).getByRole('link', { name: 'Read our privacy policy' });
    expect(policy.getAttribute('href')).toBe('https://example.com/privacy');
    expect(policy.getAttribute('target')).toBe('_blank');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]?.body).toMatchObject({
      formio_data: {
        components: [
          { key: 'company_size' },
          {
            type: 'consent',
            key: 'privacy_policy',
            description: 'Read our privacy policy',
            link: 'https://example.com/privacy',
          },
        ],
      },
    });
  });

  it('keeps a key once typed, and once the form is saved, whatever the label becomes', async () => {
    const { fetchMock } = openStudio('/settings-new/forms/f-1', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Form fields' });
    const settings = () => screen.getByRole('group', { name: 'Field settings' });
    const rename = async (text: string) => {
      const label = within(settings()).getByRole('textbox', { name: /Label/ });
      await user.clear(label);
      await user.paste(text);
    };
    const keyBox = () => within(settings()).getByRole<HTMLInputElement>('textbox', { name: /Key/ });

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Select' }));
    expect(keyBox().value).toBe('select');
    await rename('Job role');
    expect(keyBox().value).toBe('job_role');
    // A label another field's key already has gets a key of its own.
    await rename('Company size');
    expect(keyBox().value).toBe('company_size_2');
    await user.clear(keyBox());
    await user.paste('role');
    await rename('Role in the team');
    expect(keyBox().value).toBe('role');

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Text' }));
    await rename('City');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    await rename('Home town');
    expect(keyBox().value).toBe('city');
    // A field saved before (the form's own) never followed its label.
    await user.click(within(screen.getByRole('list', { name: 'Form fields' })).getByText('Company size'));
    await rename('Headcount');
    expect(keyBox().value).toBe('company_size');
  }, 60_000);

  it('says a form that does not exist (or is another organisation’s) is not found, with the way back', async () => {
    openStudio('/settings-new/forms/gone', { user: ada, routes: routes() });
    expect(await screen.findByRole('region', { name: 'Form not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Forms' }).getAttribute('href')).toBe(
      '/settings-new/forms',
    );
    expect(screen.queryByText(registrationMessages.errorLoadingForms)).toBeNull();
  });

  it('says which menus add the first field of an empty form', async () => {
    openStudio('/settings-new/forms/f-1', {
      user: ada,
      routes: routes((path, init) =>
        path.split('?')[0] === '/api/event/forms/f-1/' && init.method !== 'PUT'
          ? json(200, formFixture({ formio_data: { components: [] } }))
          : undefined,
      ),
    });
    expect(
      await screen.findByText(
        'No fields yet. Add one with Add field or Add profile field; the first and last name and email are always asked.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add field' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add profile field' })).toBeTruthy();
  });

  it('reorders the fields with their move buttons and saves them in the new order', async () => {
    const { fetchMock } = openStudio('/settings-new/forms/f-1', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Form fields' });
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Text' }));
    await user.click(screen.getByRole('button', { name: 'Move Company size down' }));
    const fields = within(screen.getByRole('list', { name: 'Form fields' })).getAllByRole('listitem');
    expect(within(fields[1]!).getByText('Company size')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]?.body).toMatchObject({
      formio_data: { components: [{ type: 'textfield' }, { key: 'company_size' }] },
    });
  });

  it('does not save a form with duplicate keys', async () => {
    const { fetchMock } = openStudio('/settings-new/forms/f-1', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Form fields' });
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Text' }));
    const key = within(screen.getByRole('group', { name: 'Field settings' })).getByRole('textbox', {
      name: /Key/,
    });
    await user.clear(key);
    await user.type(key, 'company_size');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it("says in plain words what a label or an option lacks (never the checker's own English)", async () => {
    const { fetchMock } = openStudio('/settings-new/forms/f-1', { user: ada, routes: routes() });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Form fields' });
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Radio' }));
    const settings = screen.getByRole('group', { name: 'Field settings' });
    await user.clear(within(settings).getByRole('textbox', { name: 'Option 1 label' }));
    const label = within(settings).getByRole('textbox', { name: /Label/ });
    await user.clear(label);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await within(settings).findAllByText(messages.fieldRequired)).length).toBeGreaterThan(0);
    await user.click(label);
    await user.paste('x'.repeat(600));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await within(settings).findAllByText('Enter at most 255 characters.')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Too (small|big)/)).toBeNull();
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('toasts the spec’s sentence when saving fails', async () => {
    openStudio('/settings-new/forms/f-1', {
      user: ada,
      routes: routes((path, init) =>
        path.startsWith('/api/event/forms/f-1/') && init.method === 'PUT'
          ? json(500, { message: 'down' })
          : undefined,
      ),
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('list', { name: 'Form fields' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(registrationMessages.errorUpdatingForm)).toBeTruthy();
  });
});
