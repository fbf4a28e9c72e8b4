import {
  attendeePageMessages,
  BASE_FORM_FIELDS,
  checkRegistrationAnswers,
  fieldErrorId,
  registrationCodeMessages,
  REGISTRATION_CONFIRMATION_ATTRIBUTE,
  registrationMessages,
  registrationOutcomeKeyOf,
  registrationOutcomeMessages,
  SERIES_EVENTS_FIELD,
  seriesRegisteredResults,
  type AnswerErrors,
  type FormioData,
} from '@studio/domain';
import { runPageHook } from './page-hooks.ts';

/**
 * The registration pages' script (issue 17 §1): plain DOM on the form the server rendered. It
 * checks the answers by the server's rules, posts them as JSON to the form's `action` (the
 * event's or the series' register call on this origin), then tells the outcome — the form's
 * confirmation page (an event's, issue 34 §8, or a series' with each event's outcome), else the
 * messages in place of the form — or the refusal and
 * each field's error, the first refused field focused.
 */

interface Outcome {
  event_user_status: string;
  awaiting_approval: boolean;
}

/** One event's outcome in a series' answer: its status, or the code refusing it. */
type SeriesOutcome = Outcome & { event: string; code: string | null };

interface Refusal {
  code?: string;
  message?: string;
  errors?: Record<string, string[] | undefined>;
}

const outcomeMessage = (outcome: Outcome) => registrationOutcomeMessages[registrationOutcomeKeyOf(outcome)];

/** The message of a refused call: the spec's meaning of its code, else the server's, else the spec's fallback. */
function refusal(body: Refusal | undefined): string {
  const code = body?.code as keyof typeof registrationCodeMessages | undefined;
  return (code && registrationCodeMessages[code]) ?? body?.message ?? registrationMessages.registrationFailed;
}

/** The first message of each answer the server refused. */
const fieldErrors = (body: Refusal | undefined): AnswerErrors =>
  Object.fromEntries(
    Object.entries(body?.errors ?? {}).flatMap(([key, messages]) =>
      messages?.[0] ? [[key, messages[0]]] : [],
    ),
  );

/** The answers as the form holds them: text, ticked boxes, chosen options. */
function valuesOf(element: HTMLFormElement, form: FormioData): Record<string, unknown> {
  const data = new FormData(element);
  const text = (key: string) => data.get(key) ?? '';
  return {
    ...Object.fromEntries(BASE_FORM_FIELDS.map(({ key }) => [key, text(key)])),
    ...Object.fromEntries(
      form.components.map((component) => [
        component.key,
        component.type === 'checkbox' || component.type === 'consent'
          ? data.has(component.key)
          : component.type === 'select' && component.multiple
            ? data.getAll(component.key)
            : text(component.key),
      ]),
    ),
  };
}

/**
 * Shows each field's error (none clears it): its message under the field, the field's controls
 * marked invalid and described by it.
 */
function showFieldError(element: HTMLFormElement, key: string, message: string | undefined) {
  const slot = document.getElementById(fieldErrorId(key));
  if (!slot) return;
  slot.textContent = message ?? '';
  slot.hidden = !message;
  for (const control of element.querySelectorAll<HTMLElement>(`[name="${key}"]`)) {
    const described = (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && id !== slot.id);
    if (message) {
      control.setAttribute('aria-invalid', 'true');
      described.push(slot.id);
    } else control.removeAttribute('aria-invalid');
    if (described.length > 0) control.setAttribute('aria-describedby', described.join(' '));
    else control.removeAttribute('aria-describedby');
  }
}

/** Shows the errors of every field, focusing the first refused one. */
function showErrors(element: HTMLFormElement, errors: AnswerErrors) {
  let first: HTMLElement | undefined;
  for (const field of element.querySelectorAll<HTMLElement>('[data-field]')) {
    const key = field.dataset.field ?? '';
    showFieldError(element, key, errors[key]);
    if (errors[key]) first ??= element.querySelector<HTMLElement>(`[name="${key}"]`) ?? undefined;
  }
  first?.focus();
}

/**
 * Makes the server-rendered registration form send its answers and tell the outcome; `navigate`
 * opens the form's confirmation page.
 */
export function enhanceRegistrationForm(
  element: HTMLFormElement,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): void {
  const confirmation = element.getAttribute(REGISTRATION_CONFIRMATION_ATTRIBUTE);
  const form = JSON.parse(
    element.querySelector('script[type="application/json"]')?.textContent ?? '{"components":[]}',
  ) as FormioData;
  const alert = element.querySelector<HTMLElement>('[role="alert"]');
  const button = element.querySelector<HTMLButtonElement>('button[type="submit"]');
  const tell = (message: string) => {
    if (alert) alert.textContent = message;
  };
  const pending = (busy: boolean) => {
    if (!button) return;
    button.disabled = busy;
    button.textContent = busy ? attendeePageMessages.submitting : attendeePageMessages.register;
  };
  /** The outcome replaces the form, read out and focused. */
  const done = (messages: string[]) => {
    const status = document.createElement('div');
    status.className = 'alert';
    status.setAttribute('role', 'status');
    status.tabIndex = -1;
    for (const message of new Set(messages))
      status.appendChild(document.createElement('p')).textContent = message;
    element.replaceWith(status);
    status.focus();
  };

  // An answer changed: its error goes.
  const changed = (event: Event) => {
    const name = (event.target as HTMLInputElement | null)?.name;
    if (name) showFieldError(element, name, undefined);
  };
  element.addEventListener('input', changed);
  element.addEventListener('change', changed);

  element.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button?.disabled) return;
    const checked = checkRegistrationAnswers(form, valuesOf(element, form));
    if (!checked.ok) {
      showErrors(element, checked.errors);
      return;
    }
    showErrors(element, {});
    tell('');
    const events = element.querySelectorAll<HTMLInputElement>(`input[name="${SERIES_EVENTS_FIELD}"]`);
    const chosen = [...events].filter((box) => box.checked).map((box) => box.value);
    pending(true);
    void send(element.action, {
      ...checked.answers,
      ...(events.length > 0 ? { events: chosen } : {}),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
      .then(({ ok, body }) => {
        // The Form Submission hook: a registration, or a re-registration (the confirmation is sent again).
        if (ok || body?.code === 'USER_ALREADY_IN_EVENT')
          runPageHook('form_submission', checked.answers, !ok);
        if (ok && body && confirmation)
          return navigate(
            body.results
              ? `${confirmation}?results=${seriesRegisteredResults(body.results)}`
              : `${confirmation}?status=${registrationOutcomeKeyOf(body)}`,
          );
        if (ok && body) return done((body.results ?? [body]).map(outcomeMessage));
        tell(refusal(body));
        showErrors(element, fieldErrors(body));
      })
      .catch(() => tell(registrationMessages.registrationFailed))
      .finally(() => pending(false));
  });
}

async function send(url: string, body: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => undefined)) as
    (Outcome & Refusal & { results?: SeriesOutcome[] }) | undefined;
  return { ok: response.ok, body: answer };
}
