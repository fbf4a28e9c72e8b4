import { createRegistrationSettingsRepository } from './registration-settings.repository.ts';
import {
  createRegistrationSettingsService,
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
