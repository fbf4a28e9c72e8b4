import type { Executor } from '../../../platform/db/executor.ts';
import type { RegistrationSettingsPort } from '../../back-office/event-copy.ts';
import { createRegistrationSettingsRepository } from './registration-settings.repository.ts';
import {
  createRegistrationSettingsService,
  registrationSettingsPort,
  type RegistrationSettingsDeps,
} from './registration-settings.service.ts';

export { registerRegistrationSettingsRoutes } from './registration-settings.routes.ts';

/** An event's registration settings: the service its routes use, and the port the back office copies through. */
export function createRegistrationSettings(deps: Omit<RegistrationSettingsDeps, 'repository'>) {
  return createRegistrationSettingsService({
    ...deps,
    repository: createRegistrationSettingsRepository(deps.db),
  });
}

/** The port alone, for a worker process that runs duplications without the routes. */
export const createRegistrationSettingsPort = (db: Executor): RegistrationSettingsPort =>
  registrationSettingsPort(createRegistrationSettingsRepository(db));
