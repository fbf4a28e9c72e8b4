import type { Executor } from '../../../platform/db/executor.ts';
import { createRegistrationFormsRepository } from './forms.repository.ts';
import { createRegistrationFormsService, type RegistrationFormsDeps } from './forms.service.ts';

export { registerRegistrationFormsRoutes } from './forms.routes.ts';

/** Registration forms (issue 16 §1): the service the routes, the register helper and duplication use. */
export function createRegistrationForms(deps: { db: Executor; events: RegistrationFormsDeps['events'] }) {
  return createRegistrationFormsService({
    db: deps.db,
    events: deps.events,
    forms: createRegistrationFormsRepository(deps.db),
  });
}
