import { registrationMessages } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { watchSavedFiles } from '../../testing/browser-files.ts';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';
import { member, registrantsRoutes, registrationEvent } from './registrants-fixtures.ts';

beforeAll(() => import('../../app/registration-route.tsx'), 60_000);

const pagePath = '/events/e-1/registration-new/registrants';
const members = (path: string) =>
  path.startsWith('/api/event/event-members/') ? page([member('m-1', 'Ada', 'REGISTRATION')]) : undefined;
const csv = () =>
  new File(['email,first_name,last_name\nada@example.com,Ada,Lovelace\nbad,,\n'], 'people.csv', {
    type: 'text/csv',
  });

describe('registrants page tools', () => {
  it('checks a CSV file, shows its rejected rows, then imports the valid ones', async () => {
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path) => {
        if (path === '/api/event/e-1/flat_file/validate/')
          return json(200, {
            sheet_id: '2b1c1d52-4c7e-4a59-9d3a-1f0a3e1f7a10',
            rows: 1,
            total_rows: 2,
            errors: [{ row: 3, field: 'email', message: 'Enter a valid email address.' }],
          });
        if (path === '/api/event/e-1/flat_file/submit/')
          return json(200, { created: 0, existing: 0, waitlisted: 1, rejected: 1 });
        return members(path);
      }),
    });
    await screen.findByRole('table', { name: 'Registrants' });
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Registrants' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    const validate = await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => url === '/api/event/e-1/flat_file/validate/');
      expect(call).toBeTruthy();
      return call!;
    });
    expect((validate[1].body as FormData).get('file')).toBeInstanceOf(File);
    expect(await within(dialog).findByText('1 row of 2 will be imported.')).toBeTruthy();
    const errors = within(dialog).getByRole('table', { name: 'Rejected rows' });
    expect(within(errors).getByText('Enter a valid email address.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/event/e-1/flat_file/submit/')).toEqual([
        { sheet_id: '2b1c1d52-4c7e-4a59-9d3a-1f0a3e1f7a10' },
      ]),
    );
    expect(await within(dialog).findByText(/1 registrant added \(1 waitlisted\)/)).toBeTruthy();
  });

  it('says the spec’s words when a file fails its check or its import', async () => {
    let submitted = false;
    openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes((path) => {
        if (path === '/api/event/e-1/flat_file/validate/')
          return submitted
            ? json(200, {
                sheet_id: 'bad3f2d4-8a6f-4c1e-9a1e-0e5a2b3c4d5e',
                rows: 1,
                total_rows: 1,
                errors: [],
              })
            : json(400, { message: 'The file has no header row.', code: 'VALIDATION_ERROR' });
        if (path === '/api/event/e-1/flat_file/submit/') return json(500, {});
        return members(path);
      }),
    });
    await screen.findByRole('table', { name: 'Registrants' });
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Registrants' });
    await userEvent.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, csv());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText(registrationMessages.flatFileValidationFailed)).toBeTruthy();
    submitted = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(registrationMessages.anErrorOccurred)).toBeTruthy();
  });

  it('opens the check-in desk of an in-person event in a new tab with the link the server signs', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { fetchMock } = openStudio(pagePath, {
      user: ada,
      routes: registrantsRoutes(
        (path, init) => {
          if (path === '/api/event/e-1/check_in_link/' && init.method === 'POST')
            return json(200, { url: 'http://events.example.test/e/e-1/check-in?link=signed' });
          return members(path);
        },
        registrationEvent({ host_type: 'In_Person' }),
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Check-in desk' }));
    await waitFor(() =>
      expect(tab.location.href).toBe('http://events.example.test/e/e-1/check-in?link=signed'),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(callsTo(fetchMock, '/api/event/e-1/check_in_link/')).toHaveLength(1);
    open.mockRestore();
  });

  it('exports the filtered list as a CSV file fetched with the token', async () => {
    const saved = watchSavedFiles();
    const { fetchMock } = openStudio(`${pagePath}?status=ATTENDED`, {
      user: ada,
      routes: registrantsRoutes((path) => {
        if (path.startsWith('/api/event/event-members/export/'))
          return new Response('Name,Email\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
        return members(path);
      }),
    });
    await screen.findByRole('table', { name: 'Registrants' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['registrants-e-1.csv']));
    expect(await saved[0]!.blob!.text()).toBe('Name,Email\n');
    const call = fetchMock.mock.calls.find(([url]) => url.startsWith('/api/event/event-members/export/'))!;
    expect(call[0]).toBe('/api/event/event-members/export/?event=e-1&event_user_status=ATTENDED');
    expect(new Headers(call[1].headers).get('Authorization')).toBe('Bearer access-1');
  });
});
