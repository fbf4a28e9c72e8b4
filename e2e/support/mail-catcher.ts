// The server's own test SMTP server (smtp-server on loopback), reused by the e2e journeys that read
// what a real delivery carries (inline images, attachments), not only the outbox's text.
export { startMailCatcher, type CaughtMail, type MailCatcher } from '../../apps/server/test/mail-catcher.ts';
