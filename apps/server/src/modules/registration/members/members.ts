import type { FormioData } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
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

/**
 * The event's own registration form (the newest), until the forms part answers which form an event
 * uses (a global form chosen by the event included): wire its answer in studio.ts instead.
 */
export function eventOwnForm(db: Executor) {
  return async (eventId: string, tx: Executor = db): Promise<FormioData | null> => {
    const form = await tx
      .selectFrom('registration_forms')
      .select('formio_data')
      .where('event_id', '=', eventId)
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return form?.formio_data ?? null;
  };
}
