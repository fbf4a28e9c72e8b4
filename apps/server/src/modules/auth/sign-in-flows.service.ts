import {
  INVITATION_LINK_TTL_HOURS,
  MAGIC_LINK_TTL_MINUTES,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  PASSWORD_RESET_CODE_TTL_MINUTES,
  SIGN_UP_CODE_TTL_MINUTES,
  magicLinkPath,
  messages,
  serverMessages,
  type CurrentUser,
  type LoginResponse,
  type MessageResponse,
  type SignupRequest,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { MailService } from '../../platform/mail/mail.ts';
import type { UserRecord } from '../users/users.service.ts';
import { toCurrentUser, type UsersService } from '../users/users.service.ts';
import type { InvitationMode, InvitedUser } from '../users/organization-users.service.ts';
import type { AfterAnswer } from './after-answer.ts';
import {
  invitationWithMagicLinkMail,
  invitationWithSsoMail,
  invitationWithTemporaryPasswordMail,
  magicLinkMail,
  passwordResetCodeMail,
  signupCodeMail,
} from './auth.mails.ts';
import type { AuthService } from './auth.service.ts';
import type { OneTimeCodePurpose } from './auth.tables.ts';
import type { OneTimeCodesRepository } from './one-time-codes.repository.ts';
import { newLinkSecret, newNumericCode, newTemporaryPassword, type CodeHasher } from './one-time-codes.ts';
import { hashPassword } from './passwords.ts';

const invalidCode = () => new HttpError(400, 'INVALID_CODE', serverMessages.invalidCode);
const invalidLink = () => new HttpError(400, 'INVALID_LINK', serverMessages.invalidLink);
const emailUnavailable = () =>
  new HttpError(400, 'EMAIL_UNAVAILABLE', serverMessages.emailUnavailable, {
    email: [serverMessages.emailUnavailable],
  });

export type OpenContentSpace = (name: string, tx: Executor) => Promise<string>;

/** A person an event invites (a sponsor); they need not belong to an organisation. */
export interface EventGuest {
  email: string;
  first_name: string;
  last_name: string;
  company?: string | null | undefined;
}

/**
 * Sign-in by email: sign-up and its confirmation code, password reset codes, magic links and
 * invitations. Flows whose answer must not reveal whether an account exists do their work after
 * answering.
 */
export function createSignInFlowsService(deps: {
  db: Executor;
  users: UsersService;
  auth: AuthService;
  codes: OneTimeCodesRepository;
  hasher: CodeHasher;
  /** The email module's send (studio.ts), or the platform's mail service. */
  mail: Pick<MailService, 'send'>;
  afterAnswer: AfterAnswer;
  publicUrl: string;
  /** Whether the organisation makes this email sign in with SSO only (its SSO email domains). */
  onlySsoFor: (organizationId: string, email: string) => Promise<boolean>;
  /** Makes a standalone Content Lab user's personal space (the organisations module): its id. */
  openContentSpace: OpenContentSpace;
}) {
  const { db, users, auth, codes, hasher, mail, afterAnswer, publicUrl } = deps;
  const pageUrl = (path: string, email?: string) =>
    `${publicUrl}${path}${email ? `?email=${encodeURIComponent(email)}` : ''}`;

  async function issue(
    user: UserRecord,
    purpose: OneTimeCodePurpose,
    secret: string,
    ttlSeconds: number,
    tx?: Executor,
  ) {
    await codes.replace(user.id, purpose, hasher.hash(purpose, user.id, secret), ttlSeconds, tx);
  }

  /** One try of a code: counted, compared in constant time, spent once. */
  async function spend(user: UserRecord, purpose: OneTimeCodePurpose, candidate: string): Promise<boolean> {
    const live = await codes.claimAttempt(user.id, purpose, ONE_TIME_CODE_MAX_ATTEMPTS);
    if (!live || !hasher.matches(live.code_hash, purpose, user.id, candidate)) return false;
    return codes.markUsed(live.id);
  }

  async function sendSignupCode(user: UserRecord): Promise<void> {
    const code = newNumericCode();
    await issue(user, 'signup', code, SIGN_UP_CODE_TTL_MINUTES * 60);
    await mail.send(signupCodeMail(user.email, code, pageUrl('/auth/confirmSignup', user.email)));
  }

  return {
    /**
     * Creates the account with its personal Content Lab space (no organisation yet; issue 37 §6) and
     * emails a confirmation code.
     */
    async signup(request: SignupRequest): Promise<CurrentUser> {
      const passwordHash = await hashPassword(request.password);
      const user = await db.transaction().execute(async (tx) => {
        const space = await deps.openContentSpace(`${request.first_name} ${request.last_name}`, tx);
        const inserted = await users.insertIfEmailFree(
          {
            email: request.email,
            passwordHash,
            firstName: request.first_name,
            lastName: request.last_name,
            contentSpaceId: space,
          },
          tx,
        );
        // Thrown inside the transaction: the space goes with the refusal.
        if (!inserted) throw emailUnavailable();
        return inserted;
      });
      afterAnswer.run('sign-up confirmation email', () => sendSignupCode(user));
      return toCurrentUser(user);
    },

    async confirmSignup(email: string, code: string): Promise<MessageResponse> {
      const user = await users.findCredentialsByEmail(email);
      if (!user || !(await spend(user, 'signup', code))) throw invalidCode();
      await users.markEmailVerified(user.id);
      return { message: serverMessages.signupConfirmed };
    },

    resendSignupCode(email: string): MessageResponse {
      afterAnswer.run('sign-up confirmation email', async () => {
        const user = await users.findCredentialsByEmail(email);
        if (user && !user.email_verified) await sendSignupCode(user);
      });
      return { message: serverMessages.signupCodeSent };
    },

    /** The same answer whether or not the email has an account; the code is emailed afterwards. */
    requestPasswordReset(email: string): MessageResponse {
      afterAnswer.run('password reset email', async () => {
        const user = await users.findCredentialsByEmail(email);
        // Password sign-in is closed to SSO-only accounts: no code to open it.
        if (!user || user.only_sso) return;
        const code = newNumericCode();
        await issue(user, 'password_reset', code, PASSWORD_RESET_CODE_TTL_MINUTES * 60);
        await mail.send(
          passwordResetCodeMail(user.email, code, pageUrl('/auth/forgotPasswordSubmit', user.email)),
        );
      });
      return { message: serverMessages.passwordResetCodeSent };
    },

    /** Sets the new password, confirms the email (the code proved it) and ends every session. */
    async confirmPasswordReset(email: string, code: string, password: string): Promise<MessageResponse> {
      const user = await users.findCredentialsByEmail(email);
      if (!user || user.only_sso || !(await spend(user, 'password_reset', code))) throw invalidCode();
      await db.transaction().execute(async (tx) => {
        await auth.replacePassword(user.id, password, tx);
        await users.markEmailVerified(user.id, tx);
      });
      return { message: messages.passwordUpdated };
    },

    /** The same answer whether or not the email has an account (of the organisation, when named). */
    requestMagicLink(email: string, organizationId: string | null | undefined): MessageResponse {
      afterAnswer.run('magic link email', async () => {
        const user = await users.findCredentialsByEmail(email);
        if (!user || user.only_sso) return;
        if (organizationId && user.organization_id !== organizationId) return;
        const secret = newLinkSecret();
        await issue(user, 'magic_link', secret, MAGIC_LINK_TTL_MINUTES * 60);
        await mail.send(magicLinkMail(user.email, `${publicUrl}${magicLinkPath(user.email, secret)}`));
      });
      return { message: serverMessages.magicLinkSent };
    },

    async verifyMagicLink(email: string, secretCode: string): Promise<LoginResponse> {
      const user = await users.findCredentialsByEmail(email);
      if (!user || user.only_sso || !(await spend(user, 'magic_link', secretCode))) throw invalidLink();
      await users.markEmailVerified(user.id);
      return auth.signInAs(user);
    },

    /**
     * Creates a member of an organisation and emails how to get in: a temporary password (status
     * FORCE_CHANGE_PASSWORD until they choose their own) or a magic link. People whose email domain
     * the organisation reserves for SSO get neither: they are told to sign in with SSO.
     */
    async createInvitedUser(invited: InvitedUser, options: { mode: InvitationMode }): Promise<CurrentUser> {
      const email = invited.email.trim().toLowerCase();
      const onlySso = await deps.onlySsoFor(invited.organizationId, email);
      const mode = onlySso ? 'sso' : options.mode;
      const temporaryPassword = mode === 'temporary_password' ? newTemporaryPassword() : null;
      const linkSecret = mode === 'magic_link' ? newLinkSecret() : null;

      const user = await db.transaction().execute(async (tx) => {
        const created = await users.insertIfEmailFree(
          {
            email,
            passwordHash: temporaryPassword ? await hashPassword(temporaryPassword) : null,
            firstName: invited.first_name,
            lastName: invited.last_name,
            company: invited.company ?? null,
            organizationId: invited.organizationId,
            role: invited.role,
            status: temporaryPassword ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
            onlySso,
          },
          tx,
        );
        if (!created) throw emailUnavailable();
        if (linkSecret) await issue(created, 'magic_link', linkSecret, INVITATION_LINK_TTL_HOURS * 3600, tx);
        return created;
      });

      const loginUrl = `${publicUrl}/auth/login`;
      if (temporaryPassword) {
        await mail.send(
          invitationWithTemporaryPasswordMail(email, user.first_name, temporaryPassword, loginUrl),
        );
      } else if (linkSecret) {
        await mail.send(
          invitationWithMagicLinkMail(
            email,
            user.first_name,
            `${publicUrl}${magicLinkPath(email, linkSecret)}`,
          ),
        );
      } else {
        await mail.send(invitationWithSsoMail(email, user.first_name, loginUrl));
      }
      return toCurrentUser(user);
    },

    /**
     * Someone an event hands a part (a sponsor): the account is created when new (no
     * organisation), and a magic link is emailed that opens `landingPath` once signed in.
     */
    async inviteEventGuest(guest: EventGuest, landingPath: string, tx: Executor): Promise<UserRecord> {
      const email = guest.email.trim().toLowerCase();
      const user =
        (await users.findCredentialsByEmail(email, tx)) ??
        (await users.insertIfEmailFree(
          {
            email,
            passwordHash: null,
            firstName: guest.first_name,
            lastName: guest.last_name,
            company: guest.company ?? null,
            status: 'CONFIRMED',
          },
          tx,
        )) ??
        // Created meanwhile by a simultaneous invitation of the same person: theirs is the account.
        (await users.findCredentialsByEmail(email, tx));
      if (!user) throw emailUnavailable();
      const secret = newLinkSecret();
      await issue(user, 'magic_link', secret, INVITATION_LINK_TTL_HOURS * 3600, tx);
      const link = `${publicUrl}${magicLinkPath(email, secret)}?redirect=${encodeURIComponent(landingPath)}`;
      afterAnswer.run('event invitation email', () =>
        mail.send(invitationWithMagicLinkMail(email, user.first_name, link)),
      );
      return user;
    },
  };
}

export type SignInFlowsService = ReturnType<typeof createSignInFlowsService>;
