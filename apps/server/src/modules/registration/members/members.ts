import type { HttpServer } from '../../../platform/http/server.ts';
import { createFlatFileService } from './flat-file.service.ts';
import { registerMembersRoutes } from './members.routes.ts';
import { createMembersService, type MembersDeps } from './members.service.ts';

/** Registrants for organisers: list, export, import, bulk moderation, counts (issue 16 §3, §5). */
export function createMembers(deps: MembersDeps) {
  return { members: createMembersService(deps), flatFile: createFlatFileService(deps), events: deps.events };
}
export type Members = ReturnType<typeof createMembers>;

export const registerMembers = (app: HttpServer, members: Members, publicUrl: string) =>
  registerMembersRoutes(app, members, publicUrl);
