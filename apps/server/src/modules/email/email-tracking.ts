import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { emailSchedulePaths, emailTrackingSchema } from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { sameSecret } from '../../platform/secrets.ts';
import type { EmailDeliveriesRepository } from './email-deliveries.repository.ts';
import { eventReaders } from '../../platform/http/access-rules.ts';

/**
 * Opens and clicks of logged emails (issue 33 §9), only for organisations that turn tracking on:
 * each link of the HTML part goes through a signed redirect that records the first click, and a
 * 1×1 image records the first open. The text part and the unsubscribe link are left as written.
 */
const TRACK_PATH = '/api/email/t/';
/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TRACKED_LINK = /(<a\b[^>]*?\bhref=")(https?:\/\/[^"]+)(")/gi;

/** A rewriter of one message's HTML for its delivery; null when the organisation does not track. */
export type TrackedHtml = ((html: string, deliveryId: string) => string) | null;

export function createEmailTracking(deps: {
  deliveries: EmailDeliveriesRepository;
  secretKey: string;
  publicUrl: string;
  now: () => Date;
}) {
  const macOf = (deliveryId: string, url = '') =>
    createHmac('sha256', deps.secretKey).update(`email-track:${deliveryId}:${url}`).digest('base64url');
  const signed = (given: string, deliveryId: string, url?: string) =>
    sameSecret(given, macOf(deliveryId, url));
  const unsubscribe = `${deps.publicUrl}/api/email/unsubscribe/`;

  const rewrite = (html: string, deliveryId: string): string => {
    const base = `${deps.publicUrl}${TRACK_PATH}${deliveryId}`;
    const linked = html.replace(TRACKED_LINK, (whole, before: string, url: string, after: string) => {
      const target = url.replaceAll('&amp;', '&');
      if (target.startsWith(unsubscribe)) return whole;
      const query = new URLSearchParams({ u: target, s: macOf(deliveryId, target) });
      return `${before}${base}/click?${query.toString().replaceAll('&', '&amp;')}${after}`;
    });
    const pixel = `<img src="${base}/open.gif?s=${macOf(deliveryId)}" width="1" height="1" alt="" style="display:block;border:0">`;
    return /<\/body>/i.test(linked) ? linked.replace(/<\/body>/i, `${pixel}</body>`) : linked + pixel;
  };

  return {
    /** The HTML rewriter of the organisation's logged emails (read once per send). */
    async trackedHtmlFor(organizationId: string): Promise<TrackedHtml> {
      return (await deps.deliveries.tracksOpensAndClicks(organizationId)) ? rewrite : null;
    },

    register(app: HttpServer): void {
      const params = z.object({ id: z.uuid() });
      const hidden = { hide: true, security: [] };
      app.get(
        `${TRACK_PATH}:id/open.gif`,
        { schema: { ...hidden, params, querystring: z.object({ s: z.string().max(100) }) } },
        async (request, reply) => {
          if (signed(request.query.s, request.params.id))
            await deps.deliveries.markOpened(request.params.id, deps.now());
          return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
        },
      );
      app.get(
        `${TRACK_PATH}:id/click`,
        {
          schema: {
            ...hidden,
            params,
            querystring: z.object({ u: z.url({ protocol: /^https?$/ }).max(4000), s: z.string().max(100) }),
          },
        },
        async (request, reply) => {
          const { u: url, s: mac } = request.query;
          // Only links the server signed redirect: no open redirect for anyone else's address.
          if (!signed(mac, request.params.id, url))
            return reply.status(400).send({ message: 'This link is not valid.', code: 'INVALID_LINK' });
          await deps.deliveries.markClicked(request.params.id, deps.now());
          return reply.redirect(url, 302);
        },
      );

      const settings = guard({ permission: 'organization:update' });
      const schema = { tags: ['email schedules'], response: { 200: emailTrackingSchema } };
      app.get(
        emailSchedulePaths.tracking,
        { preValidation: eventReaders.preValidation, schema },
        async (request) => ({
          track_opens_and_clicks: await deps.deliveries.tracksOpensAndClicks(
            eventReaders.of(request).caller.organizationId,
          ),
        }),
      );
      app.put(
        emailSchedulePaths.tracking,
        { preValidation: settings.preValidation, schema: { ...schema, body: emailTrackingSchema } },
        async (request) => {
          const { organizationId } = settings.of(request).caller;
          await deps.deliveries.setTracking(organizationId, request.body.track_opens_and_clicks);
          return request.body;
        },
      );
    },
  };
}

export type EmailTracking = ReturnType<typeof createEmailTracking>;
