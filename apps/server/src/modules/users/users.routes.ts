import { currentUserSchema } from '@studio/domain';
import { requireCaller } from '../../platform/http/caller.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { UsersService } from './users.service.ts';

export function registerUsersRoutes(app: HttpServer, users: UsersService): void {
  app.get(
    '/api/core/user/me/',
    { schema: { tags: ['users'], response: { 200: currentUserSchema } } },
    async (request) => users.currentUser(requireCaller(request).userId),
  );
}
