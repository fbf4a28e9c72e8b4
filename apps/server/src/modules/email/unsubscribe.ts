import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { emailTemplateMessages } from '@studio/domain';
import { withTypes, type HttpServer } from '../../platform/http/server.ts';
import { escapeHtml } from '../../platform/mail/mail.ts';
import { sameSecret } from '../../platform/secrets.ts';

/**
 * The suppression list's door for recipients (owned by the schedules' side of the module, h-sched's
 * `suppression` files): an unsubscribed address of an organisation gets none of its mail again.
 */
export interface EmailSuppressions {
  unsubscribe(organizationId: string, email: string): Promise<void>;
  /** Of these addresses, the ones the organisation must not write to (lower-cased). */
  suppressedAmong(organizationId: string, emails: readonly string[]): Promise<Set<string>>;
}

const PATH = '/api/email/unsubscribe/';

/** Signed unsubscribe links: the organisation and address, with a MAC only the server can make. */
export function createUnsubscribeLinks(secretKey: string, publicUrl: string) {
  const macOf = (organizationId: string, email: string) =>
    createHmac('sha256', secretKey)
      .update(`email-unsubscribe:${organizationId}:${email.toLowerCase()}`)
      .digest('base64url');

  return {
    urlFor: (organizationId: string, email: string): string => {
      const token = [
        organizationId,
        Buffer.from(email.toLowerCase()).toString('base64url'),
        macOf(organizationId, email),
      ];
      return `${publicUrl}${PATH}?token=${token.join('.')}`;
    },

    /** The organisation and address a token names; undefined for a forged or damaged one. */
    read: (token: string): { organizationId: string; email: string } | undefined => {
      const [organizationId, encoded, mac] = token.split('.');
      if (!organizationId || !encoded || !mac) return undefined;
      const email = Buffer.from(encoded, 'base64url').toString('utf8');
      if (!sameSecret(mac, macOf(organizationId, email))) return undefined;
      return { organizationId, email };
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribe</title></head><body style="font-family: sans-serif; max-width: 32rem; margin: 4rem auto; text-align: center">${body}</body></html>`;

/**
 * GET shows the address and a button (a link scanner opening the link unsubscribes no one); POST
 * (a text/plain form, which the server reads without a form parser)
 * adds the address to the organisation's suppression list. A bad token answers 400.
 */
export function registerUnsubscribeRoutes(
  app: HttpServer,
  links: UnsubscribeLinks,
  suppressions: () => EmailSuppressions,
): void {
  const querystring = z.object({ token: z.string().max(1000) });
  const invalid = page(`<p>${escapeHtml(emailTemplateMessages.unsubscribeLinkInvalid)}</p>`);

  app.get(PATH, { schema: { hide: true, security: [], querystring } }, async (request, reply) => {
    const holder = links.read(request.query.token);
    if (!holder) return reply.status(400).type('text/html').send(invalid);
    const form = `<p>Stop emails to ${escapeHtml(holder.email)}?</p><form method="post" enctype="text/plain"><button type="submit">Unsubscribe</button></form>`;
    return reply.type('text/html').send(page(form));
  });

  void app.register((scope, _options, registered) => {
    const oneClick = withTypes(scope);
    // A mailbox's one-click Unsubscribe (RFC 8058) posts the form `List-Unsubscribe=One-Click`;
    // the token in the address says everything.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    oneClick.post(PATH, { schema: { hide: true, security: [], querystring } }, async (request, reply) => {
      const holder = links.read(request.query.token);
      if (!holder) return reply.status(400).type('text/html').send(invalid);
      await suppressions().unsubscribe(holder.organizationId, holder.email);
      return reply.type('text/html').send(page(`<p>${escapeHtml(emailTemplateMessages.unsubscribed)}</p>`));
    });
    registered();
  });
}
