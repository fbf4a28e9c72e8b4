import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHECK_IN_UNDO_MS,
  checkInApiPath,
  checkInMessages,
  type CheckInCounts,
  type EventMember,
} from '@studio/domain';
import { flushCheckIns, queueCheckIn, queuedCheckIns, type QueuedCheckIn } from './offline-queue.ts';
import { QrScan } from './qr-scan.tsx';

interface DeskProps {
  event: { id: string; title: string };
  selfCheckIn: boolean;
  counts: CheckInCounts;
}

/** In kiosk mode attendees find only themselves: a precise search, a few matches, no browsing. */
const KIOSK_MIN_SEARCH = 3;
const KIOSK_MAX_RESULTS = 3;

/**
 * The check-in manager (phone-first): search by name or email, scan the QR code, mark attendance;
 * counts pushed live to every open desk; check-ins made offline are queued and sent later.
 */
export function CheckInDesk({ event, selfCheckIn, counts: initialCounts }: DeskProps) {
  const [counts, setCounts] = useState(initialCounts);
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<EventMember[]>([]);
  // Until the list's first answer (the kiosk, which lists nobody before a search, waits for none).
  const [loading, setLoading] = useState(!selfCheckIn);
  /** How many registrants match the search in all (the server pages them): Show more until all shown. */
  const [count, setCount] = useState(0);
  const [checkedIn, setCheckedIn] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<{ text: string; error?: boolean }>();
  /** The check-in the desk just made, offered to undo for a short while (CHECK_IN_UNDO_MS). */
  const [undoable, setUndoable] = useState<{ member: string; name: string }>();
  const undoTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [queued, setQueued] = useState(() => queuedCheckIns(event.id).length);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [scanning, setScanning] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const tooShort = selfCheckIn && search.trim().length < KIOSK_MIN_SEARCH;
  const shown = tooShort ? [] : results;

  const send = useCallback(
    (checkIn: QueuedCheckIn) =>
      fetch(checkInApiPath(event.id, 'attendance'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(checkIn),
      }),
    [event.id],
  );

  // Live counts (server-sent events); the browser reconnects by itself.
  useEffect(() => {
    const source = new EventSource(checkInApiPath(event.id, 'live'));
    source.onmessage = (message) => setCounts(JSON.parse(String(message.data)) as CheckInCounts);
    return () => source.close();
  }, [event.id]);

  // The offline queue goes out when the network returns (and at start).
  useEffect(() => {
    const flush = async () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) setQueued(await flushCheckIns(event.id, send));
    };
    const offline = () => setOnline(false);
    const onOnline = () => void flush();
    onOnline();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', offline);
    };
  }, [event.id, send]);

  const page = useCallback(
    async (offset: number, signal?: AbortSignal) => {
      const query = `search=${encodeURIComponent(search.trim())}&offset=${offset}`;
      const response = await fetch(`${checkInApiPath(event.id, 'members')}?${query}`, { signal });
      if (!response.ok) return undefined;
      const body = (await response.json()) as {
        results: EventMember[];
        count: number;
        counts: CheckInCounts;
      };
      setCounts(body.counts);
      setCount(body.count);
      return body.results;
    },
    [event.id, search],
  );

  useEffect(() => {
    if (tooShort) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      page(0, controller.signal)
        .then((rows) => rows && setResults(selfCheckIn ? rows.slice(0, KIOSK_MAX_RESULTS) : rows))
        .catch(() => undefined)
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [page, selfCheckIn, tooShort]);

  /** The next page, kept after the rows shown (a row seen twice, as check-ins reorder the list, once). */
  function showMore() {
    page(results.length)
      .then(
        (rows) =>
          rows &&
          setResults((shown) => [
            ...shown,
            ...rows.filter((row) => !shown.some((seen) => seen.id === row.id)),
          ]),
      )
      .catch(() => undefined);
  }

  useEffect(() => () => clearTimeout(undoTimer.current), []);

  /** Offers (or, with none, withdraws) the Undo of the last check-in, for CHECK_IN_UNDO_MS. */
  function offerUndo(offer: { member: string; name: string } | undefined) {
    clearTimeout(undoTimer.current);
    setUndoable(offer);
    if (offer) undoTimer.current = setTimeout(() => setUndoable(undefined), CHECK_IN_UNDO_MS);
  }

  /** A row as the server answered it (checked in, or back to registered). */
  const updateRow = (row: EventMember) =>
    setResults((rows) => rows.map((shown) => (shown.id === row.id ? row : shown)));

  /** Undoes the desk's last check-in through the same call (attended false); never queued offline. */
  async function undo({ member, name }: { member: string; name: string }) {
    offerUndo(undefined);
    const response = await fetch(checkInApiPath(event.id, 'attendance'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ member, attended: false }),
    }).catch(() => undefined);
    const body = (await response?.json().catch(() => undefined)) as
      { member: EventMember; counts: CheckInCounts } | undefined;
    if (!response?.ok || !body?.member) return setNotice({ text: checkInMessages.undoFailed, error: true });
    setCheckedIn((current) => {
      const next = new Set(current);
      next.delete(member);
      return next;
    });
    updateRow(body.member);
    setCounts(body.counts);
    setNotice({ text: checkInMessages.undone(name) });
  }

  async function checkIn(checkIn: QueuedCheckIn, name?: string) {
    offerUndo(undefined);
    if ('member' in checkIn) setCheckedIn((current) => new Set(current).add(checkIn.member));
    let response: Response;
    try {
      response = await send(checkIn);
    } catch {
      setQueued(queueCheckIn(event.id, checkIn));
      setOnline(false);
      return setNotice({ text: checkInMessages.offline });
    }
    const body = (await response.json().catch(() => undefined)) as
      { member: EventMember; changed: boolean; counts: CheckInCounts; code?: string } | undefined;
    if (!response.ok || !body?.member) {
      const text =
        body?.code === 'CHECK_IN_CODE_INVALID' ? checkInMessages.codeInvalid : checkInMessages.notRegistered;
      return setNotice({ text, error: true });
    }
    const who = name ?? body.member.full_name;
    setCounts(body.counts);
    setCheckedIn((current) => new Set(current).add(body.member.id));
    updateRow(body.member);
    setNotice({ text: body.changed ? checkInMessages.welcome(who) : checkInMessages.alreadyCheckedIn(who) });
    if (body.changed) offerUndo({ member: body.member.id, name: who });
    if (selfCheckIn) {
      setSearch('');
      searchRef.current?.focus();
    }
  }

  // Checked in is the desk's stamp: Attended from the event's app alone still comes to the desk.
  const isIn = (member: EventMember) => checkedIn.has(member.id) || member.checked_in_at !== null;

  return (
    <div>
      <p className="counts" aria-live="polite">
        {checkInMessages.counts(counts)}
      </p>
      {(!online || queued > 0) && (
        <div className="alert" role="status">
          {!online && <p>{checkInMessages.offline}</p>}
          {queued > 0 && <p>{checkInMessages.queued(queued)}</p>}
        </div>
      )}
      {notice && (
        <div className={notice.error ? 'alert error' : 'alert'} role={notice.error ? 'alert' : 'status'}>
          <div className="row">
            <span>{notice.text}</span>
            {undoable && (
              <button
                className="button secondary"
                type="button"
                aria-label={`${checkInMessages.undo}: ${undoable.name}`}
                onClick={() => void undo(undoable)}
              >
                {checkInMessages.undoShort}
              </button>
            )}
          </div>
        </div>
      )}
      <label htmlFor="check-in-search">{checkInMessages.search}</label>
      <input
        id="check-in-search"
        ref={searchRef}
        className={selfCheckIn ? 'big' : undefined}
        type="search"
        value={search}
        autoComplete="off"
        onChange={(change) => setSearch(change.target.value)}
      />
      <p>
        <button className="button secondary" type="button" onClick={() => setScanning((on) => !on)}>
          {scanning ? checkInMessages.stopScan : checkInMessages.scan}
        </button>
      </p>
      {scanning && <QrScan onCode={(code) => void checkIn({ code })} />}
      {loading && (
        <p className="muted" role="status">
          {checkInMessages.loading}
        </p>
      )}
      <ul>
        {shown.map((member) => (
          <li key={member.id} className="row">
            <span className="check-in-who">
              <strong>{member.full_name}</strong>
              {!selfCheckIn && <span className="muted">{member.email}</span>}
            </span>
            {isIn(member) ? (
              <span className="check-in-action">{checkInMessages.checkedIn}</span>
            ) : (
              <button
                className="button check-in-action"
                type="button"
                aria-label={`${checkInMessages.checkIn}: ${member.full_name}`}
                onClick={() => void checkIn({ member: member.id }, member.full_name)}
              >
                {checkInMessages.checkIn}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!selfCheckIn && results.length < count && (
        <p>
          <button className="button secondary" type="button" onClick={showMore}>
            {checkInMessages.showMore}
          </button>
        </p>
      )}
      {!tooShort && shown.length === 0 && search.trim().length > 0 && (
        <p className="muted">{checkInMessages.noMatch}</p>
      )}
    </div>
  );
}

export const checkInIsland = (props: unknown) => <CheckInDesk {...(props as DeskProps)} />;
