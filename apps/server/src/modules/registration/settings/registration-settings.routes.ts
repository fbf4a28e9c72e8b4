import { eventRegistrationSettingsSchema, updateEventRegistrationSettingsSchema } from '@studio/domain';
import { itemGuard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { EventsService } from '../../back-office/events/events.service.ts';
import type { RegistrationSettingsService } from './registration-settings.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';

const tags = ['registration'];
const path = '/api/event/:id/registration_settings/';

/** `GET|PATCH /api/event/{id}/registration_settings/`: seats, waitlist and approval mode of an event. */
export function registerRegistrationSettingsRoutes(
  app: HttpServer,
  service: RegistrationSettingsService,
  events: Pick<EventsService, 'scopeFor' | 'findVisible'>,
): void {
  const route = routesOf(app, tags);
  const reading = itemGuard(events, 'event:read');
  const changing = itemGuard(events, 'event:update');

  route.get(path, reading, { params: idParams, answer: eventRegistrationSettingsSchema }, ({ object }) =>
    service.get(object),
  );

  route.patch(
    path,
    changing,
    {
      params: idParams,
      body: updateEventRegistrationSettingsSchema,
      answer: eventRegistrationSettingsSchema,
    },
    (input) => service.update(input, input.body),
  );
}
