import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, FakeSocket, json } from '../../testing/fake-studio-api.ts';
import { openStudio, queriesReadOnATimer } from '../../testing/open-studio.tsx';

describe('the duplicate banner', () => {
  it('says in words how the copy is doing, never the raw status', async () => {
    const original = eventFixture({ id: 'e-1', title: 'Launch Day' });
    const copy = eventFixture({ id: 'e-2', title: 'Copy of Launch Day' });
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: (path, init) =>
        path === '/api/event/e-1/duplicate/' && init.method === 'POST'
          ? json(201, {
              id: 'e-2',
              workflow_id: 'w-2',
              workflow_ids: ['w-2'],
              status: 'RUNNING',
              event: copy,
            })
          : path.startsWith('/api/event/e-1/')
            ? json(200, original)
            : path === '/api/core/workflows/w-2/'
              ? json(200, { id: 'w-2', status: 'COMPLETED', failed: false })
              : path.startsWith('/api/core/workflows/')
                ? json(200, { id: 'e-1', status: 'COMPLETED', failed: false })
                : undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByRole('link', { name: 'Open the copy' })).toBeTruthy();
    expect(screen.getByTestId('duplication-status').textContent).toBe('Completed');
  });

  it("turns Completed when the copy's workflow is pushed as ended, reading nothing on a timer", async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.instances = [];
    const original = eventFixture({ id: 'e-1', title: 'Launch Day' });
    const copy = eventFixture({ id: 'e-2', title: 'Copy of Launch Day' });
    let copyStatus = 'RUNNING';
    const { queryClient } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: (path, init) =>
        path === '/api/event/e-1/duplicate/' && init.method === 'POST'
          ? json(201, {
              id: 'e-2',
              workflow_id: 'e-2',
              workflow_ids: ['e-2'],
              status: 'RUNNING',
              event: copy,
            })
          : path.startsWith('/api/event/e-1/')
            ? json(200, original)
            : path === '/api/core/workflows/e-2/'
              ? json(200, { id: 'e-2', status: copyStatus, failed: false })
              : path.startsWith('/api/core/workflows/')
                ? json(200, { id: 'e-1', status: 'COMPLETED', failed: false })
                : undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
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
