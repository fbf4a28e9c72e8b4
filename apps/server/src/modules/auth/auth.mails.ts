import {
  INVITATION_LINK_TTL_HOURS,
  MAGIC_LINK_TTL_MINUTES,
  PASSWORD_RESET_CODE_TTL_MINUTES,
  SIGN_UP_CODE_TTL_MINUTES,
} from '@studio/domain';
import { escapeHtml, type MailMessage } from '../../platform/mail/mail.ts';

/** The sign-in area's messages: plain text first (what the outbox log prints), with an HTML twin. */

interface Paragraph {
  text: string;
  /** Shown as a button in HTML and as the bare URL in text. */
  link?: string;
  /** Shown large (a code or a temporary password). */
  code?: string;
}

function compose(to: string, subject: string, paragraphs: Paragraph[]): MailMessage {
  const text = paragraphs
    .map((paragraph) => [paragraph.text, paragraph.code, paragraph.link].filter(Boolean).join('\n\n'))
    .join('\n\n');
  const html = paragraphs
    .map((paragraph) => {
      const parts = [`<p>${escapeHtml(paragraph.text)}</p>`];
      if (paragraph.code) {
        parts.push(
          `<p style="font-size:24px;font-weight:bold;letter-spacing:2px">${escapeHtml(paragraph.code)}</p>`,
        );
      }
      if (paragraph.link)
        parts.push(`<p><a href="${escapeHtml(paragraph.link)}">${escapeHtml(paragraph.link)}</a></p>`);
      return parts.join('\n');
    })
    .join('\n');
  return { to, subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}

const greeting = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

export function signupCodeMail(to: string, code: string, confirmUrl: string): MailMessage {
  return compose(to, 'Confirm your email address', [
    { text: `Your confirmation code is below. It expires in ${SIGN_UP_CODE_TTL_MINUTES} minutes.`, code },
    { text: 'Enter it on the confirmation page:', link: confirmUrl },
    { text: 'If you did not sign up for Event Studio, ignore this message.' },
  ]);
}

export function passwordResetCodeMail(to: string, code: string, resetUrl: string): MailMessage {
  return compose(to, 'Reset your password', [
    {
      text: `Your code to reset the password is below. It expires in ${PASSWORD_RESET_CODE_TTL_MINUTES} minutes.`,
      code,
    },
    { text: 'Enter it together with your new password:', link: resetUrl },
    { text: 'If you did not ask to reset your password, ignore this message: your password stays as it is.' },
  ]);
}

export function magicLinkMail(to: string, link: string): MailMessage {
  return compose(to, 'Your sign-in link', [
    { text: `Open this link to sign in. It works once, within ${MAGIC_LINK_TTL_MINUTES} minutes.`, link },
    { text: 'If you did not ask for it, ignore this message.' },
  ]);
}

export function invitationWithTemporaryPasswordMail(
  to: string,
  firstName: string,
  temporaryPassword: string,
  loginUrl: string,
): MailMessage {
  return compose(to, 'You have been invited to Event Studio', [
    { text: greeting(firstName) },
    {
      text: `An account was created for you. Sign in with your email (${to}) and this temporary password:`,
      code: temporaryPassword,
    },
    { text: 'You will be asked to choose your own password. Sign in here:', link: loginUrl },
  ]);
}

export function invitationWithMagicLinkMail(to: string, firstName: string, link: string): MailMessage {
  return compose(to, 'You have been invited to Event Studio', [
    { text: greeting(firstName) },
    {
      text: `An account was created for you. Open this link to sign in; it works once, within ${INVITATION_LINK_TTL_HOURS} hours.`,
      link,
    },
  ]);
}

export function invitationWithSsoMail(to: string, firstName: string, loginUrl: string): MailMessage {
  return compose(to, 'You have been invited to Event Studio', [
    { text: greeting(firstName) },
    {
      text: "An account was created for you. Sign in with your organization's single sign-on here:",
      link: loginUrl,
    },
  ]);
}
