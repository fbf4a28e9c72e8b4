import { createHmac } from 'node:crypto';
import { eventEntrancePath, peopleMessages } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { EventMagicLinks, EventPeopleDirectory } from '../event-roles/event-people.ts';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import { createMagicLinksRepository, type MagicLinkRecord } from './magic-links.repository.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { sameSecret } from '../../platform/secrets.ts';

export interface MagicLinksDeps {
  db: Executor;
  /** The instance's signing key: the links' MACs are made with it, nothing secret is stored. */
  secretKey: string;
  /** Who is in the event (the event-roles module). */
  people: Pick<EventPeopleDirectory, 'rolesOf' | 'userIdByEmail'>;
  /** The people's current emails by id (users); unknown ids are left out. */
  emailsOf(userIds: readonly string[], tx?: Executor): Promise<Map<string, string>>;
  /** The event's organisation (back office); undefined for an unknown event. */
  organizationOfEvent(eventId: string, tx?: Executor): Promise<string | undefined>;
  /** The event as an organiser with `event:read` sees it: 403 without the right, 404 when not theirs. */
  visibleEvent(caller: Caller, eventId: string): Promise<{ id: string }>;
  attendeeBaseUrl: AttendeeBaseUrl;
}

/** Who asks for a link: by email or by user id, in one event (magicLinkQuerySchema). */
export interface MagicLinkRequest {
  event_id: string;
  email?: string | undefined;
  user_id?: string | undefined;
}

/** A verified link or entry pass: whose it is. */
export interface MagicLinkHolder {
  linkId: string;
  userId: string;
  /** Whether it is an entry pass (`passFor`) rather than the emailed link itself. */
  pass: boolean;
}

const notRegistered = (field: 'email' | 'user_id') =>
  fieldError(field, peopleMessages.userNotRegistered, 'USER_NOT_REGISTERED');

/**
 * Magic links (002 §7.6): a person's long-lived link into one event, on the attendee origin. The
 * token is `<link id>.<generation>.<mac>`, the MAC over the id, the generation and the person's
 * current email: the same URL on every ask; re-issuing raises the generation and a changed email
 * changes the MAC, so either ends every earlier URL (and the sessions it opened). The link is
 * good while the person holds a role in the event.
 *
 * An entry pass is the same link's short-lived token for one browser,
 * `<link id>.<generation>.<expiry in unix seconds>.<mac>` (its own MAC purpose, over the expiry too):
 * good until its expiry, and ended like the link by a re-issue or a changed email.
 */
export function createMagicLinksService(deps: MagicLinksDeps) {
  const { db, people } = deps;
  const links = createMagicLinksRepository(db);

  const macOf = (link: MagicLinkRecord, email: string) =>
    createHmac('sha256', deps.secretKey)
      .update(`event-magic-link:${link.id}:${link.generation}:${email.toLowerCase()}`)
      .digest('base64url');

  const emailOf = async (userId: string, tx?: Executor) => (await deps.emailsOf([userId], tx)).get(userId);

  /** The event's attendee origin (its organisation's); 404 for an unknown event. */
  async function baseUrlOf(eventId: string, tx?: Executor): Promise<string> {
    const organizationId = await deps.organizationOfEvent(eventId, tx);
    if (organizationId === undefined) throw notFound();
    return deps.attendeeBaseUrl(organizationId, tx);
  }

  const passMacOf = (link: MagicLinkRecord, email: string, expires: number) =>
    createHmac('sha256', deps.secretKey)
      .update(`event-entry-pass:${link.id}:${link.generation}:${expires}:${email.toLowerCase()}`)
      .digest('base64url');

  const urlWith = (link: MagicLinkRecord, email: string, baseUrl: string) =>
    `${baseUrl}${eventEntrancePath(link.event_id)}?token=${link.id}.${link.generation}.${macOf(link, email)}`;

  async function urlOf(link: MagicLinkRecord, tx?: Executor): Promise<string> {
    const [email, baseUrl] = await Promise.all([emailOf(link.user_id, tx), baseUrlOf(link.event_id, tx)]);
    if (email === undefined) throw notFound();
    return urlWith(link, email, baseUrl);
  }

  /** The person of the event the request names; 400 USER_NOT_REGISTERED when they hold no role there. */
  async function personIn(eventId: string, request: MagicLinkRequest): Promise<string> {
    const field = request.user_id === undefined ? 'email' : 'user_id';
    const userId =
      request.user_id === undefined
        ? await people.userIdByEmail(eventId, request.email ?? '')
        : isUuid(request.user_id)
          ? request.user_id
          : undefined;
    if (userId === undefined || (await people.rolesOf(eventId, userId)).length === 0)
      throw notRegistered(field);
    return userId;
  }

  const magicLinks: EventMagicLinks = {
    async urlFor(eventId, userId, tx) {
      return urlOf(await links.issue(eventId, userId, tx), tx);
    },
    async urlsFor(eventId, userIds, tx) {
      const emails = await deps.emailsOf([...new Set(userIds)], tx);
      if (emails.size === 0) return new Map();
      // Only people with an account get a link (an id gone since is left out, not a failed batch).
      const [issued, baseUrl] = await Promise.all([
        links.issueMany(eventId, [...emails.keys()], tx),
        baseUrlOf(eventId, tx),
      ]);
      return new Map(issued.map((link) => [link.user_id, urlWith(link, emails.get(link.user_id)!, baseUrl)]));
    },
  };

  return {
    ...magicLinks,

    /**
     * An entry pass into the event for the person (their link issued if they had none), good until
     * `expiresAt`: the attendee site hands it to the browser that has just registered them.
     */
    async passFor(eventId: string, userId: string, expiresAt: Date, tx?: Executor): Promise<string> {
      const link = await links.issue(eventId, userId, tx);
      const email = await emailOf(userId, tx);
      if (email === undefined) throw notFound();
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${link.id}.${link.generation}.${expires}.${passMacOf(link, email, expires)}`;
    },

    /** GET /api/event/magic_link/: the person's current link (issued on first ask). */
    async linkFor(caller: Caller, request: MagicLinkRequest): Promise<string> {
      const event = await deps.visibleEvent(caller, request.event_id);
      return magicLinks.urlFor(event.id, await personIn(event.id, request));
    },

    /** POST /api/event/magic_link/reissue/: a new link; every earlier one stops working. */
    async reissue(caller: Caller, request: MagicLinkRequest): Promise<string> {
      const event = await deps.visibleEvent(caller, request.event_id);
      const userId = await personIn(event.id, request);
      return db.transaction().execute(async (tx) => urlOf(await links.reissue(event.id, userId, tx), tx));
    },

    /**
     * The holder of a token presented on the event's path, with what `read` answers for the
     * token's link (the caller's one statement: the link as `magicLinksReadModel.linkOf` reads it,
     * the person's current `email`, and whatever else admits them): the right event, the live
     * generation, the MAC over that email; for an entry pass, an expiry still ahead of `now` too.
     * Nothing is read for a malformed or expired token. Whether the person still holds a role in
     * the event is the caller's to read with the link.
     */
    async verify<T extends { link: MagicLinkRecord; email: string }>(
      eventId: string,
      token: string,
      read: (linkId: string) => Promise<T | undefined>,
      now = new Date(),
    ): Promise<(T & { holder: MagicLinkHolder }) | undefined> {
      const parts = token.split('.');
      const [id, generation] = parts;
      const mac = parts.at(-1);
      const expires = parts.length === 4 ? parts[2] : undefined;
      if (parts.length !== 3 && parts.length !== 4) return;
      if (!id || !isUuid(id) || !mac || !/^[1-9]\d{0,8}$/.test(generation ?? '')) return;
      if (expires !== undefined && (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime()))
        return;
      const found = await read(id);
      if (!found || found.link.event_id !== eventId || found.link.generation !== Number(generation)) return;
      const expected =
        expires === undefined
          ? macOf(found.link, found.email)
          : passMacOf(found.link, found.email, Number(expires));
      if (!sameSecret(mac, expected)) return;
      const holder = { linkId: found.link.id, userId: found.link.user_id, pass: expires !== undefined };
      return { ...found, holder };
    },

    /** Records that a link opened the event (the entrance). */
    recordUse: (holder: MagicLinkHolder, at = new Date()) => links.markUsed(holder.linkId, at),
  };
}

export type MagicLinksService = ReturnType<typeof createMagicLinksService>;
