import { randomBytes } from 'node:crypto';
import {
  createRegistrantActivityUrlSchema,
  REGISTRANT_ACTIVITY_SHORT_URL_LENGTH,
  registrantActivityEnabledQuerySchema,
  registrantActivityEnabledSchema,
  registrantActivityPageHref,
  registrantActivityUrlSchema,
  registrantProfileQuerySchema,
  registrantProfileSchema,
  revokeRegistrantActivityUrlQuerySchema,
  type RegistrantProfile,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { publicRoutesOf, routesOf } from '../../../platform/http/route-kit.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { createRegistrantActivityRepository } from './registrant-activity.repository.ts';
import { eventEditors, eventReaders } from '../../../platform/http/access-rules.ts';

const tags = ['registrants'];
const base = '/api/core/registrant_activity_url/';
const newShortUrl = () =>
  randomBytes(16).toString('base64url').slice(0, REGISTRANT_ACTIVITY_SHORT_URL_LENGTH);
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Registrant activity (002 §7.11, 001 §1 `/registrants-activity`): an organiser gets a person's
 * short URL (one per person and organisation); anyone holding it reads that person's
 * registrations in that organisation, and nothing else, without signing in — until an organiser
 * revokes it.
 */
export function registerRegistrantActivity(app: HttpServer, db: Executor, studioUrl: string): void {
  const activity = createRegistrantActivityRepository(db);

  const route = routesOf(app, tags);
  route.post(
    base,
    eventReaders,
    { body: createRegistrantActivityUrlSchema, answer: registrantActivityUrlSchema },
    async ({ caller, body }) => {
      // Only a person registered for one of the caller's organisation's events has a page.
      if (!(await activity.isRegistrantOf(caller.organizationId, body.user))) throw notFound();
      const shortUrl = await activity.shortUrlOf(
        caller.organizationId,
        body.user,
        newShortUrl(),
        caller.userId,
      );
      return { short_url: shortUrl, url: `${studioUrl}${registrantActivityPageHref(shortUrl)}` };
    },
  );

  route.delete(
    base,
    eventEditors,
    { query: revokeRegistrantActivityUrlQuerySchema, status: 204 },
    ({ caller, query }) => activity.revoke(caller.organizationId, query.user),
  );

  // Public: the short URL is the secret.
  const open = publicRoutesOf(app, tags);
  open.get(
    `${base}is_enabled/`,
    { query: registrantActivityEnabledQuerySchema, answer: registrantActivityEnabledSchema },
    async ({ query }) => {
      const found = await activity.find(query.short_url);
      return { is_enabled: found !== undefined, organization_id: found?.organization_id ?? null };
    },
  );

  open.get(
    `${base}registrant_profile/`,
    { query: registrantProfileQuerySchema, answer: registrantProfileSchema },
    async ({ query }): Promise<RegistrantProfile> => {
      const found = await activity.find(query.short_url);
      if (!found || found.organization_id !== query.organization_id) throw notFound();
      const rows = await activity.registrationsOf(found.organization_id, found.user_id);
      const [person] = rows;
      if (!person) throw notFound();
      return {
        full_name: `${person.first_name} ${person.last_name}`.trim(),
        email: person.email,
        company: person.company,
        title: person.title,
        events: rows.map((row) => ({
          id: row.event_id,
          title: row.event_title,
          start_time: iso(row.start_time),
          end_time: iso(row.end_time),
          event_user_status: row.status,
          registered_at: iso(row.registered_at),
          checked_in_at: row.checked_in_at && iso(row.checked_in_at),
        })),
      };
    },
  );
}
