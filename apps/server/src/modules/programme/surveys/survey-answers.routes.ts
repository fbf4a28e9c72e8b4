import { fullName, submitSurveyAnswersBody, surveyAttendeeCalls } from '@studio/domain';
import type { EventAppExtension } from '../../attendee-site/event-app/event-app-extension.ts';
import type { EventRolesService } from '../../event-roles/event-roles.service.ts';
import type { SurveyAnswersService } from './survey-answers.service.ts';

/**
 * The attendee's survey calls (issue 34 §4) on the event app (`eventAppApiPath`), for the person
 * the event's cookie admits: the extension point answers 401/403 for anyone else.
 */
export function registerSurveyAnswerRoutes(
  app: EventAppExtension,
  answers: SurveyAnswersService,
  eventRoles: Pick<EventRolesService, 'personInEvent'>,
): void {
  app.call({ method: 'GET', name: surveyAttendeeCalls.surveys }, (person) =>
    answers.offeredTo(person.event.id, person.userId),
  );
  app.call(
    {
      method: 'POST',
      name: surveyAttendeeCalls.answers(':surveyId'),
      body: submitSurveyAnswersBody,
      status: 201,
    },
    async (person, { params, body }) => {
      const found = await eventRoles.personInEvent(person.event.id, person.userId);
      const name = found ? fullName({ first_name: found.firstName, last_name: found.lastName }) : '';
      return answers.submit(person.event, { userId: person.userId, name }, params.surveyId ?? '', body);
    },
  );
}
