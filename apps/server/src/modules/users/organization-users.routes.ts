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
import { pagedAnswer } from '../../platform/http/pagination.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import {
  createOrganizationUsersService,
  type OrganizationUsersDeps,
  type OrganizationUsersService,
} from './organization-users.service.ts';
import { createUsersRepository, type SessionReads } from './users.repository.ts';
import { created, noContent } from '../../platform/http/route-support.ts';

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
  app.get(
    '/api/core/users/',
    {
      preValidation: signedIn.preValidation,
      schema: {
        tags,
        querystring: userListQuerySchema,
        response: { 200: pageSchema(organizationUserSchema) },
      },
    },
    pagedAnswer(publicUrl, USERS_PAGE_SIZE, (request, page) =>
      users.list(signedIn.of(request).caller, request.query, page),
    ),
  );

  app.get(
    '/api/core/user/',
    {
      preValidation: signedIn.preValidation,
      schema: { tags, querystring: userLookupQuerySchema, response: { 200: organizationUserDetailSchema } },
    },
    async (request) => users.lookup(signedIn.of(request).caller, request.query.username),
  );

  app.post(
    '/api/core/user/',
    {
      preValidation: managesUsers.preValidation,
      schema: { tags, body: createUserRequestSchema, response: { 201: organizationUserDetailSchema } },
    },
    created((request) => users.create(managesUsers.of(request).caller, request.body)),
  );

  app.patch(
    '/api/core/user/:id/',
    {
      // An admin's change needs `user:manage` (the users service checks it); a change of the
      // organisation's profile of an event's person (`org_user`) is judged by the people area.
      preValidation: signedIn.preValidation,
      schema: {
        tags,
        params: idParams,
        body: patchUserRequestSchema,
        response: { 200: z.union([organizationUserDetailSchema, eventPersonSchema]) },
      },
    },
    async (request) => {
      const { org_user: orgUser, ...changes } = request.body;
      const caller = signedIn.of(request).caller;
      return orgUser
        ? people.updateOrgProfile(caller, request.params.id, orgUser)
        : users.update(caller, request.params.id, changes);
    },
  );

  app.delete(
    '/api/core/user/:id/',
    { preValidation: managesUsers.preValidation, schema: { tags, params: idParams } },
    noContent((request) => users.remove(managesUsers.of(request).caller, request.params.id)),
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
