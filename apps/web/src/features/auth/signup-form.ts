import {
  PASSWORD_RULE_TEXT,
  apiErrorSchema,
  passwordProblems,
  signupRequestSchema,
  type SignupRequest,
} from '@studio/domain';

export type SignupField = keyof SignupRequest;
export type SignupProblems = Partial<Record<SignupField, string>>;

const signupFields: readonly SignupField[] = ['first_name', 'last_name', 'email', 'password'];

/** The client-side checks of the sign-up form, by field; empty when it may be sent. */
export function signupProblems(values: SignupRequest): SignupProblems {
  const problems: SignupProblems = {};
  for (const field of ['first_name', 'last_name', 'email'] as const) {
    const result = signupRequestSchema.shape[field].safeParse(values[field]);
    if (!result.success) problems[field] = result.error.issues[0]?.message;
  }
  if (passwordProblems(values.password).length > 0) problems.password = PASSWORD_RULE_TEXT;
  return problems;
}

/** The server's per-field messages of a refused sign-up, on the form's fields. */
export function signupProblemsFromServer(body: unknown): SignupProblems {
  const parsed = apiErrorSchema.safeParse(body);
  const problems: SignupProblems = {};
  if (!parsed.success) return problems;
  for (const field of signupFields) {
    const message = parsed.data.errors?.[field]?.[0];
    if (message) problems[field] = message;
  }
  return problems;
}
