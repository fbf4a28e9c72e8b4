import { eventRegistrationSettingsSchema, updateEventRegistrationSettingsSchema } from '@studio/domain';
import { itemGuard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { EventsService } from '../../back-office/events/events.service.ts';
import type { RegistrationSettingsService } from './registration-settings.service.ts';

const tags = ['registration'];
const path = '/api/event/:id/registration_settings/';

/** `GET|PATCH /api/event/{id}/registration_settings/`: seats, waitlist and approval mode of an event. */
export function registerRegistrationSettingsRoutes(
  app: HttpServer,
  service: RegistrationSettingsService,
  events: Pick<EventsService, 'scopeFor' | 'findVisible'>,
): void {
  const reading = itemGuard(events, 'event:read');
  const changing = itemGuard(events, 'event:update');

  app.get(
    path,
    {
      preValidation: reading.preValidation,
      schema: { tags, params: idParams, response: { 200: eventRegistrationSettingsSchema } },
    },
    async (request) => service.get(reading.of(request).object),
  );

  app.patch(
    path,
    {
      preValidation: changing.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateEventRegistrationSettingsSchema,
        response: { 200: eventRegistrationSettingsSchema },
      },
    },
    async (request) => service.update(changing.of(request), request.body),
  );
}
