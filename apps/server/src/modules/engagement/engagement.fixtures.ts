import { afterAll, expect } from 'vitest';
import {
  EVENT_ROLES,
  type EngagementBranding,
  type EngagementFlags,
  type EventRole,
  type StudioEvent,
} from '@studio/domain';
import { madeBeforeAll } from '../../../test/file-studio.ts';
import { createTestStudio, testConfig, type TestStudio } from '../../../test/harness.ts';
import { buildStudioServers } from '../../studio.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { enteredAs } from '../attendee-site/event-app/event-app.fixtures.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';

/** The studio's clock: half an hour before the events start, when they are open to attendees. */
export const NOW = new Date('2031-05-01T12:30:00Z');
const TIMES = { start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', timezone: 'UTC' };

export interface EngagementWorld {
  studio: TestStudio;
  api: Api;
  /** The organisation admin's access token and user id. */
  access: string;
  userId: string;
  organizationId: string;
  newEvent(title?: string): Promise<StudioEvent>;
}

export async function engagementWorld(
  name: string,
  config: Parameters<typeof createTestStudio>[0] = {},
): Promise<EngagementWorld> {
  const studio = await createTestStudio({ clock: () => NOW, ...config });
  const admin = await newAdmin(studio, name);
  const api = caller(studio, admin.access);
  return {
    studio,
    api,
    access: admin.access,
    userId: admin.userId,
    organizationId: admin.organization.id,
    newEvent: (title = 'Summit') => newEvent(api, { title, ...TIMES }),
  };
}

/** The test file's engagement world: made before its tests (engagementWorld's), closed after them. */
export function fileEngagementWorld(
  name: string,
  config: Parameters<typeof engagementWorld>[1] = {},
): EngagementWorld {
  const world = madeBeforeAll(() => engagementWorld(name, config));
  afterAll(() => world.studio.close());
  return world;
}

/** A session of the event's programme (the places engagement names must be the event's). */
export async function newSession(
  world: EngagementWorld,
  event: StudioEvent,
  title = 'Keynote',
): Promise<string> {
  const created = await world.api.post<{ id: string }>('/api/event/broadcasts/', {
    event: event.id,
    title,
    broadcast_type: 'LIVE',
    start_time: '2031-05-01T14:00:00Z',
    end_time: '2031-05-01T15:00:00Z',
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

/**
 * A person of the event, entered through their magic link; `call` makes their event-app calls,
 * `callOn(site)` the same calls on another node's attendee site.
 */
export async function personIn(
  world: EngagementWorld,
  event: StudioEvent,
  first_name = 'Grace',
  role: EventRole = EVENT_ROLES.ATTENDEE,
) {
  const { studio, api } = world;
  const { userId, cookie } = await enteredAs(studio, api, event.id, { role, first_name });
  const callOn =
    (site: TestStudio['attendeeSite']) =>
    async <T = unknown>(
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      name: string,
      payload?: object,
      target: StudioEvent = event,
    ) => {
      const response = await site.inject({
        method,
        url: `/e/${target.id}/api/${name}`,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
      return { status: response.statusCode, body: (response.body ? response.json() : undefined) as T };
    };
  return { userId, cookie, call: callOn(studio.attendeeSite), callOn };
}

/**
 * A new organisation's event on the real clock's now (started ten minutes ago) with a person entered
 * into it, in the caller's studio (a counting one, say): the admin as a caller (`api`), and `post`,
 * which sends a chat message of the person's and expects it taken.
 */
export async function chatOnNow(studio: TestStudio, organizationName: string) {
  const api = caller(studio, (await newAdmin(studio, organizationName)).access);
  const { id: eventId } = await newEvent(api, {
    title: 'Chatty',
    start: new Date(Date.now() - 600_000),
    end: new Date(Date.now() + 3_600_000),
  });
  const { cookie } = await enteredAs(studio, api, eventId);
  const post = async (text: string) => {
    const answer = await studio.attendeeSite.inject({
      method: 'POST',
      url: `/e/${eventId}/api/chat/event`,
      headers: { cookie },
      payload: { text },
    });
    expect(answer.statusCode).toBe(201);
  };
  return { api, post };
}

/** A second API node on the world's database: its own pub/sub connection, attendee site and pushes. */
export async function secondNode(world: EngagementWorld) {
  const node = await buildStudioServers(
    { ...testConfig, clock: () => NOW },
    world.studio.database,
    world.studio.secretKey,
  );
  await node.studio.ready();
  return node;
}

/** The file's second node over the world's database (secondNode's): made before its tests, closed after them. */
export function fileSecondNode(world: EngagementWorld) {
  const node = madeBeforeAll(() => secondNode(world));
  afterAll(async () => {
    // Streams still open to it would keep its close waiting.
    node.attendeeSite.server.closeAllConnections();
    await node.studio.close();
  });
  return node;
}

/** Makes the event's speaker a speaker of the session (as the people editor's session list saves it). */
export async function speaksIn(
  world: EngagementWorld,
  event: StudioEvent,
  userId: string,
  sessionId: string,
) {
  const { db } = world.studio.database;
  const role = await db
    .selectFrom('event_roles')
    .select('id')
    .where('event_id', '=', event.id)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('event_role_sessions')
    .values({ event_role_id: role.id, broadcast_id: sessionId, role_id: null })
    .execute();
}

/** Sets the event's engagement branding fields (spec 002 §3.1) as the branding editor saves them. */
export async function setBranding(
  world: EngagementWorld,
  event: StudioEvent,
  fields: Partial<EngagementBranding>,
) {
  const row = await world.studio.database.db
    .selectFrom('events')
    .select('branding')
    .where('id', '=', event.id)
    .executeTakeFirstOrThrow();
  const branding = { ...row.branding, ...fields };
  await world.studio.database.db
    .updateTable('events')
    .set({ branding: JSON.stringify(branding) })
    .where('id', '=', event.id)
    .execute();
}

/** Sets the organisation's engagement flags as the operator does; those not named go off. */
export async function setFlags(world: EngagementWorld, flags: Partial<EngagementFlags>) {
  await setOperatorFlags(world.studio, world.organizationId, {
    useChatVisibility: false,
    useNewChatApp: false,
    assignQnaToSpeaker: false,
    ...flags,
  });
}
