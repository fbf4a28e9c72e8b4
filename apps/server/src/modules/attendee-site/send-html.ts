import type { FastifyReply } from 'fastify';

/** An attendee page: HTML, never cached (it may name the signed-in person). */
export const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
