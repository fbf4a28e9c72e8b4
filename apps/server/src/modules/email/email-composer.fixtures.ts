import type { Executor } from '../../platform/db/executor.ts';
import type { MailMessage, MailOutcome } from '../../platform/mail/mail.ts';
import { createDeliveryLog } from './delivery-log.ts';
import { createEmailComposer } from './email-composer.ts';
import { createEmailDeliveriesRepository } from './email-deliveries.repository.ts';
import { createEmailSchedulesRepository } from './email-schedules.repository.ts';
import { createEmailSchedulesService } from './email-schedules.service.ts';
import { createEmailTemplatesService } from './email-templates.service.ts';
import { createSuppressionList } from './suppression.repository.ts';

const noCaller = () => Promise.reject(new Error('no caller in a job'));

/**
 * TEST FIXTURE: the email module's composer as a worker builds it (templates, schedules, delivery
 * log and suppression list over the database), sending with `deliver`.
 */
export function testEmailComposer(
  db: Executor,
  deliver: (message: MailMessage) => Promise<MailOutcome>,
  organizationName = 'Test Org',
) {
  const deliveries = createEmailDeliveriesRepository(db);
  const suppression = createSuppressionList(db);
  const templates = createEmailTemplatesService({ db, visibleContext: noCaller });
  const schedules = createEmailSchedulesService({
    db,
    schedules: createEmailSchedulesRepository(db),
    deliveries,
    owners: noCaller,
    planSends: () => Promise.resolve(),
    now: () => new Date(),
  });
  const composer = createEmailComposer({
    templates,
    mail: { deliver },
    deliveryLog: () => createDeliveryLog(db, deliveries, suppression),
    organizationName: () => Promise.resolve(organizationName),
    unsubscribeUrlFor: () => 'http://localhost/unsubscribe',
    senderOf: () => Promise.resolve(undefined),
    schedules: () => schedules,
  });
  return { composer, templates, deliveries, suppression };
}
