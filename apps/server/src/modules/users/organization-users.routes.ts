import type { orgUserPatchSchema } from '@studio/domain';
import {
  createUserRequestSchema,
  eventPersonSchema,
  type EventPerson,
  organizationUserDetailSchema,
  organizationUserSchema,
  pageSchema,
  patchUserRequestSchema,
  userListQuerySchema,
  userLookupQuerySchema,
  USERS_PAGE_SIZE,
} from '@studio/domain';
import { z } from 'zod';
import type { Caller } from '../../platform/http/caller.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import {
  createOrganizationUsersService,
  type OrganizationUsersDeps,
  type OrganizationUsersService,
} from './organization-users.service.ts';
import { createUsersRepository, type SessionReads } from './users.repository.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['users'];
const idParams = z.object({ id: z.string() });

/** Route hook: 401 anonymous, 403 without `user:manage` — before the body is looked at. */
const managesUsers = guard({ permission: 'user:manage' });

/** Routes any signed-in person may call; the service decides the rest. */

/** The people area's part of a user's PATCH (issue 15): the organisation's profile of an event's person. */
export interface OrgProfiles {
  updateOrgProfile(
    caller: Caller,
    userId: string,
    orgUser: z.output<typeof orgUserPatchSchema>,
  ): Promise<EventPerson>;
}

export function registerOrganizationUsersRoutes(
  app: HttpServer,
  users: OrganizationUsersService,
  people: OrgProfiles,
  publicUrl: string,
): void {
  const route = routesOf(app, tags, publicUrl);
  route.list(
    '/api/core/users/',
    signedIn,
    { query: userListQuerySchema, answer: pageSchema(organizationUserSchema), pageSize: USERS_PAGE_SIZE },
    ({ caller, query, page }) => users.list(caller, query, page),
  );

  route.get(
    '/api/core/user/',
    signedIn,
    { query: userLookupQuerySchema, answer: organizationUserDetailSchema },
    ({ caller, query }) => users.lookup(caller, query.username),
  );

  route.post(
    '/api/core/user/',
    managesUsers,
    { body: createUserRequestSchema, answer: organizationUserDetailSchema, status: 201 },
    ({ caller, body }) => users.create(caller, body),
  );

  route.patch(
    '/api/core/user/:id/',
    signedIn,
    {
      params: idParams,
      body: patchUserRequestSchema,
      answer: z.union([organizationUserDetailSchema, eventPersonSchema]),
    },
    (input) => {
      const { org_user: orgUser, ...changes } = input.body;
      const caller = input.caller;
      return orgUser
        ? people.updateOrgProfile(caller, input.params.id, orgUser)
        : users.update(caller, input.params.id, changes);
    },
  );

  route.delete('/api/core/user/:id/', managesUsers, { params: idParams, status: 204 }, ({ caller, params }) =>
    users.remove(caller, params.id),
  );
}

/** The organisation's users: list, look-up, invite, change, remove (spec 001 §7). */
export function registerOrganizationUsers(
  app: HttpServer,
  deps: Omit<OrganizationUsersDeps, 'users'> & {
    publicUrl: string;
    people: OrgProfiles;
    /** The sign-in area's read model: whether each person has signed in. */
    sessions: SessionReads;
  },
): OrganizationUsersService {
  const service = createOrganizationUsersService({
    ...deps,
    users: createUsersRepository(deps.db, deps.sessions),
  });
  registerOrganizationUsersRoutes(app, service, deps.people, deps.publicUrl);
  return service;
}
