import { eventServerMessages, messages } from '@studio/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eventFixture, eventPageRoutes } from '../../testing/event-fixture.ts';
import { ada, FakeSocket, json } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio, queriesReadOnATimer } from '../../testing/open-studio.tsx';

/** More actions › Duplicate (the event's page keeps the rarer actions in that menu). */
async function openDuplicate(user: Pick<typeof userEvent, 'click'> = userEvent) {
  await user.click(await screen.findByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
}

/** Duplicate, then the dialog's Duplicate with the title it suggests. */
async function duplicate() {
  await openDuplicate();
  const dialog = await screen.findByRole('dialog', { name: 'Duplicate event' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
}

describe('duplicating an event', () => {
  it("refuses an empty title with the studio's message, sending nothing (noValidate)", async () => {
    const { fetchMock } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(eventFixture({ id: 'e-1', title: 'Launch Day' })),
    });
    const user = userEvent.setup({ delay: null });
    await openDuplicate(user);
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate event' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, '{Enter}');
    expect(await within(dialog).findByText(messages.fieldRequired)).toBeTruthy();
    expect(title.closest('form')?.noValidate).toBe(true);
    expect(callsTo(fetchMock, '/api/event/e-1/duplicate/')).toEqual([]);
  });

  it("names the copy in a dialog, 'Copy of {title}' at the event's times to begin with, and shows the server's refusal there", async () => {
    const original = eventFixture({ id: 'e-1', title: 'Launch Day' });
    const copy = eventFixture({ id: 'e-2', title: 'Rerun' });
    let posts = 0;
    const { fetchMock } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(original, (path, init) =>
        path === '/api/event/e-1/duplicate/' && init.method === 'POST'
          ? posts++ === 0
            ? json(400, {
                message: eventServerMessages.endBeforeStart,
                code: 'VALIDATION_ERROR',
                errors: { end_time: [eventServerMessages.endBeforeStart] },
              })
            : json(202, {
                id: 'e-2',
                workflow_id: 'w-2',
                workflow_ids: ['w-2'],
                status: 'RUNNING',
                event: copy,
              })
          : undefined,
      ),
    });
    const user = userEvent.setup({ delay: null });
    await openDuplicate(user);
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate event' });
    const title = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Title/ });
    expect(title.value).toBe('Copy of Launch Day');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Start date/).value).toBe('2031-12-01');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/End time/).value).toBe('11:00');
    await user.clear(title);
    await user.paste('Rerun');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await within(dialog).findByText(eventServerMessages.endBeforeStart)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Duplicate event' })).toBeNull());
    const sent = {
      title: 'Rerun',
      start_time: '2031-12-01T10:00:00.000Z',
      end_time: '2031-12-01T11:00:00.000Z',
      timezone: 'UTC',
    };
    expect(bodiesSentTo(fetchMock, '/api/event/e-1/duplicate/')).toEqual([sent, sent]);
    expect(await screen.findByTestId('duplication-status')).toBeTruthy();
  });
});

describe('the duplicate banner', () => {
  it('says in words how the copy is doing, never the raw status', async () => {
    const original = eventFixture({ id: 'e-1', title: 'Launch Day' });
    const copy = eventFixture({ id: 'e-2', title: 'Copy of Launch Day' });
    const { router } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(original, (path, init) =>
        path === '/api/event/e-1/duplicate/' && init.method === 'POST'
          ? json(201, {
              id: 'e-2',
              workflow_id: 'w-2',
              workflow_ids: ['w-2'],
              status: 'RUNNING',
              event: copy,
            })
          : path === '/api/core/workflows/w-2/'
            ? json(200, { id: 'w-2', status: 'COMPLETED', failed: false })
            : undefined,
      ),
    });
    await duplicate();
    const open = await screen.findByRole('link', { name: 'Open the copy' });
    expect(screen.getByTestId('duplication-status').textContent).toBe('Completed');
    await userEvent.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e-2/dashboard'));
  });

  it("turns Completed when the copy's workflow is pushed as ended, reading nothing on a timer", async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.instances = [];
    const original = eventFixture({ id: 'e-1', title: 'Launch Day' });
    const copy = eventFixture({ id: 'e-2', title: 'Copy of Launch Day' });
    let copyStatus = 'RUNNING';
    const { queryClient } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(original, (path, init) =>
        path === '/api/event/e-1/duplicate/' && init.method === 'POST'
          ? json(201, {
              id: 'e-2',
              workflow_id: 'e-2',
              workflow_ids: ['e-2'],
              status: 'RUNNING',
              event: copy,
            })
          : path === '/api/core/workflows/e-2/'
            ? json(200, { id: 'e-2', status: copyStatus, failed: false })
            : undefined,
      ),
    });
    await duplicate();
    await waitFor(() => expect(screen.getByTestId('duplication-status').textContent).toBe('In progress'));
    expect(queriesReadOnATimer(queryClient)).toEqual([]);
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));

    copyStatus = 'COMPLETED';
    act(() => {
      for (const socket of FakeSocket.instances)
        socket.push({
          type: 'workflow-updated',
          data: { id: 'e-2', eventId: 'e-2', status: 'COMPLETED', failed: false },
        });
    });
    expect(await screen.findByRole('link', { name: 'Open the copy' })).toBeTruthy();
    expect(screen.getByTestId('duplication-status').textContent).toBe('Completed');
  });
});
