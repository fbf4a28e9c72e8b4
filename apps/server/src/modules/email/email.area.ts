import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { MailMessage } from '../../platform/mail/mail.ts';
import { createEmailComposer } from './email-composer.ts';
import { registerEmailSendsRoutes } from './email-sends.routes.ts';
import { createEmailSendsService, registrantsEmailJob, type EmailSendsDeps } from './email-sends.service.ts';
import { registerEmailTemplatesRoutes } from './email-templates.routes.ts';
import { createEmailTemplatesService, type VisibleContext } from './email-templates.service.ts';
import { createUnsubscribeLinks, registerUnsubscribeRoutes, type EmailSuppressions } from './unsubscribe.ts';

export interface EmailAreaDeps extends Omit<EmailSendsDeps, 'composer' | 'templates' | 'jobs'> {
  db: Executor;
  app: HttpServer;
  jobs: JobQueue;
  mail: { send(message: MailMessage): Promise<boolean> };
  secretKey: string;
  publicUrl: string;
  visibleContext: VisibleContext;
  organizationName: (organizationId: string) => Promise<string>;
  /** The suppression list (the schedules' side of the module); used when someone unsubscribes. */
  suppressions: () => EmailSuppressions;
}

/**
 * The email area (issue 33): templates per context, the one rendering path, the composer every
 * sender calls, test/custom/bulk sends and the unsubscribe link. Answers the composer (for the
 * senders, through module links) and the templates service.
 */
export function createEmailArea(deps: EmailAreaDeps) {
  const { app, db, jobs, publicUrl } = deps;
  const templates = createEmailTemplatesService({ db, visibleContext: deps.visibleContext });
  const unsubscribeLinks = createUnsubscribeLinks(deps.secretKey, publicUrl);
  const composer = createEmailComposer({
    templates,
    mail: deps.mail,
    organizationName: deps.organizationName,
    unsubscribeUrlFor: unsubscribeLinks.urlFor,
  });
  const sends = createEmailSendsService({ ...deps, composer, templates });

  registerEmailTemplatesRoutes(app, templates, publicUrl);
  registerEmailSendsRoutes(app, sends, deps.visibleContext);
  registerUnsubscribeRoutes(app, unsubscribeLinks, deps.suppressions);
  jobs.register(registrantsEmailJob, (payload) => sends.sendToRegistrants(payload));

  return { templates, composer, unsubscribeUrlFor: unsubscribeLinks.urlFor };
}

export type EmailArea = ReturnType<typeof createEmailArea>;
