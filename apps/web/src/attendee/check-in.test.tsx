import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHECK_IN_SEARCH_LIMIT, checkInMessages, type EventMember } from '@studio/domain';
import { CheckInDesk } from './check-in.tsx';

class FakeEventSource {
  onmessage: ((message: MessageEvent) => void) | null = null;
  close() {}
}

const member = (index: number) =>
  ({
    id: `m-${index}`,
    full_name: `Person ${String(index).padStart(2, '0')}`,
    email: `person${index}@example.com`,
    checked_in_at: null,
  }) as unknown as EventMember;

const everyone = Array.from({ length: CHECK_IN_SEARCH_LIMIT + 5 }, (_, index) => member(index));
const counts = { checked_in: 0, registered: everyone.length };

/** The desk's members call, paged as the server pages it (`search`, `offset`). */
function fakeServer() {
  const calls: string[] = [];
  /** The attendance calls' bodies; each answers the member checked in or out as asked. */
  const posted: { member: string; attended?: boolean }[] = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push(url);
      if (init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { member: string; attended?: boolean };
        posted.push(body);
        const attended = body.attended ?? true;
        const row = everyone.find((one) => one.id === body.member)!;
        const answer = {
          member: { ...row, checked_in_at: attended ? '2026-11-30T18:00:00Z' : null },
          changed: true,
          counts: { ...counts, checked_in: attended ? 1 : 0 },
        };
        return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
      }
      const query = new URL(url, 'https://events.example.test').searchParams;
      const search = query.get('search') ?? '';
      const offset = Number(query.get('offset') ?? '0');
      const matching = everyone.filter((row) => row.full_name.toLowerCase().includes(search.toLowerCase()));
      const body = {
        results: matching.slice(offset, offset + CHECK_IN_SEARCH_LIMIT),
        count: matching.length,
        counts,
      };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return Object.assign(calls, { posted });
}

describe('the check-in desk', () => {
  it('reaches every registrant: Show more loads the next page, and keeps the search', async () => {
    const calls = fakeServer();
    render(<CheckInDesk event={{ id: 'e-1', title: 'Expo' }} selfCheckIn={false} counts={counts} />);
    expect(await screen.findByText('Person 00')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Check in: / })).toHaveLength(CHECK_IN_SEARCH_LIMIT);
    fireEvent.click(screen.getByRole('button', { name: checkInMessages.showMore }));
    expect(await screen.findByText(`Person ${CHECK_IN_SEARCH_LIMIT + 4}`)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Check in: / })).toHaveLength(everyone.length);
    expect(screen.queryByRole('button', { name: checkInMessages.showMore })).toBeNull();

    await userEvent.type(screen.getByLabelText(checkInMessages.search), 'Person 1');
    await waitFor(() => expect(screen.queryByText('Person 00')).toBeNull());
    expect(screen.getAllByRole('button', { name: /^Check in: / })).toHaveLength(10);
    expect(calls.at(-1)).toContain('search=Person%201&offset=0');
  });

  it('offers to undo a check-in just made, which checks the person out again through the same call', async () => {
    const { posted } = fakeServer();
    render(<CheckInDesk event={{ id: 'e-1', title: 'Expo' }} selfCheckIn={false} counts={counts} />);
    await screen.findByText('Person 00');
    fireEvent.click(screen.getByRole('button', { name: 'Check in: Person 00' }));
    const undo = await screen.findByRole('button', { name: `${checkInMessages.undo}: Person 00` });
    expect(screen.getByText(checkInMessages.welcome('Person 00'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check in: Person 00' })).toBeNull();
    expect(screen.getByText('1 checked in / 25 registered')).toBeTruthy();

    fireEvent.click(undo);
    expect(await screen.findByText(checkInMessages.undone('Person 00'))).toBeTruthy();
    expect(posted).toEqual([{ member: 'm-0' }, { member: 'm-0', attended: false }]);
    expect(screen.getByRole('button', { name: 'Check in: Person 00' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${checkInMessages.undo}: Person 00` })).toBeNull();
    expect(screen.getByText('0 checked in / 25 registered')).toBeTruthy();
  });

  it('says it is loading until the first registrants arrive, not a blank page', async () => {
    fakeServer();
    render(<CheckInDesk event={{ id: 'e-1', title: 'Expo' }} selfCheckIn={false} counts={counts} />);
    expect(screen.getByRole('status').textContent).toBe(checkInMessages.loading);
    expect(await screen.findByText('Person 00')).toBeTruthy();
    expect(screen.queryByText(checkInMessages.loading)).toBeNull();
  });

  it('shows the email on its own line, with no separator left dangling', async () => {
    fakeServer();
    render(<CheckInDesk event={{ id: 'e-1', title: 'Expo' }} selfCheckIn={false} counts={counts} />);
    const name = await screen.findByText('Person 00');
    const who = name.parentElement!;
    expect(who.className).toBe('check-in-who');
    expect(who.textContent).toBe('Person 00person0@example.com');
    expect(screen.getByRole('button', { name: 'Check in: Person 00' }).className).toContain(
      'check-in-action',
    );
  });

  it('offers no Show more in the kiosk, which finds only a few', async () => {
    fakeServer();
    render(<CheckInDesk event={{ id: 'e-1', title: 'Expo' }} selfCheckIn counts={counts} />);
    await userEvent.type(screen.getByLabelText(checkInMessages.search), 'Person');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Check in: / })).toHaveLength(3));
    expect(screen.queryByRole('button', { name: checkInMessages.showMore })).toBeNull();
  });
});
