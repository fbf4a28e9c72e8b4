import { eventAppSettingsSchema, updateEventAppSettingsSchema } from '@studio/domain';
import type { Caller } from '../../../platform/http/caller.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import { guard } from '../../../platform/http/guard.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { idParams } from '../../back-office/route-support.ts';
import type { EventAppService } from './event-app.service.ts';

/** The event of the path (its id) when the caller may see it; a 404 HttpError otherwise. */
export type SettingsEvent = (caller: Caller, eventId: string) => Promise<{ id: string }>;

const tags = ['event-app'];
const PATH = '/api/event/:id/event_app_settings/';

/**
 * The event app's settings in the studio (issue 17 §3; 002 §2.2 Enter Event Experience and Stage
 * Navigation): read with event:read, changed with event:update or branding:update (a branding
 * module). Another organisation's event answers 404 before the body is looked at.
 */
export function registerEventAppSettingsRoutes(
  app: HttpServer,
  eventApp: EventAppService,
  visibleEvent: SettingsEvent,
): void {
  const load = (caller: Caller, id: string) =>
    visibleEvent(caller, id).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return undefined;
      throw error;
    });
  const readable = guard({ permission: 'event:read', load });
  const brandable = guard({ permission: ['event:update', 'branding:update'], load });

  app.get(
    PATH,
    {
      preValidation: readable.preValidation,
      schema: { tags, params: idParams, response: { 200: eventAppSettingsSchema } },
    },
    async (request) => eventApp.settingsOf(readable.of(request).object.id),
  );

  app.patch(
    PATH,
    {
      preValidation: brandable.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateEventAppSettingsSchema,
        response: { 200: eventAppSettingsSchema },
      },
    },
    async (request) => {
      const { id } = brandable.of(request).object;
      await eventApp.saveSettings(id, request.body);
      return eventApp.settingsOf(id);
    },
  );
}
