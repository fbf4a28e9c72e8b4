import { WORKFLOW_UPDATED } from '@studio/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { fileListeningStudio, watchEvent } from '../../../../test/listening.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office.fixtures.ts';

// Role all: this studio's worker fills the copy, as a worker node would, and pushes as one does.
const studio = fileListeningStudio({ role: 'all', jobs: { pollIntervalMs: 50 } });

describe("a copy's workflow pushed to the organisation's studios", () => {
  const sockets: { close(): void }[] = [];
  afterAll(() => sockets.forEach((socket) => socket.close()));

  it('reaches a studio of the organisation when the copy is ready, and no other organisation', async () => {
    const admin = await newAdmin(studio, 'Copying Org');
    const outsider = await newAdmin(studio, 'Watching Org');
    const api = caller(studio, admin.access);
    const source = await newEvent(api, {
      title: 'Source summit',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T17:00:00Z',
    });
    // The source's page is open: its socket named the source, not the copy.
    const mine = await watchEvent(studio.publicUrl, admin, source.id);
    const theirs = await watchEvent(studio.publicUrl, outsider, null);
    sockets.push(mine.socket, theirs.socket);

    const duplicated = await api.post<{ id: string; workflow_id: string }>(
      `/api/event/${source.id}/duplicate/`,
      { start_time: '2031-04-01T09:00:00Z' },
    );
    expect(duplicated.status).toBe(202);
    const { id, workflow_id: workflowId } = duplicated.body;
    await mine.until(() => mine.of(WORKFLOW_UPDATED).some((data) => data.id === workflowId));

    expect(mine.of(WORKFLOW_UPDATED).find((data) => data.id === workflowId)).toEqual({
      id: workflowId,
      eventId: id,
      status: 'COMPLETED',
      failed: false,
    });
    await theirs.caughtUp();
    expect(theirs.of(WORKFLOW_UPDATED)).toEqual([]);
  });
});
