import { useState, type ReactNode } from 'react';
import {
  attendeePageMessages,
  registrationCodeMessages,
  registrationMessages,
  registrationOutcomeMessages,
  type FormioData,
} from '@studio/domain';
import { runPageHook } from './page-hooks.ts';
import { AttendeeRegistrationForm } from './registration-form-island.tsx';

interface Outcome {
  event_user_status: string;
  awaiting_approval: boolean;
}

interface Refusal {
  code?: string;
  message?: string;
  errors?: Record<string, string[] | undefined>;
}

const outcomeMessage = (outcome: Outcome) =>
  outcome.awaiting_approval
    ? registrationOutcomeMessages.AWAITING_APPROVAL
    : outcome.event_user_status === 'WAITLISTED'
      ? registrationOutcomeMessages.WAITLISTED
      : registrationOutcomeMessages.REGISTRATION;

/** The message of a refused call: the spec's meaning of its code, else the server's, else the spec's fallback. */
function refusal(body: Refusal | undefined): string {
  const code = body?.code as keyof typeof registrationCodeMessages | undefined;
  return (code && registrationCodeMessages[code]) ?? body?.message ?? registrationMessages.registrationFailed;
}

/** The first message of each answer the server refused. */
const fieldErrors = (body: Refusal | undefined) =>
  Object.fromEntries(
    Object.entries(body?.errors ?? {}).flatMap(([key, messages]) =>
      messages?.[0] ? [[key, messages[0]]] : [],
    ),
  );

/** Hidden fields (utm_*) take their values from the page's address. */
const hiddenAnswers = (form: FormioData) => {
  const query = new URLSearchParams(window.location.search);
  return Object.fromEntries(
    form.components.flatMap((component) => {
      const value = component.type === 'hidden' ? query.get(component.key) : null;
      return value === null ? [] : [[component.key, value]];
    }),
  );
};

interface RegisterProps {
  /** The register call on this origin (the event's or the series'). */
  url: string;
  form: FormioData;
  /** Extra fields of the call (the series' chosen events). */
  extra?: () => Record<string, unknown>;
  children?: ReactNode;
}

/** The registration form island: posts the answers to this origin, then tells the outcome. */
export function Register({ url, form, extra, children }: RegisterProps) {
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<{
    ok: boolean;
    messages: string[];
    errors?: Record<string, string>;
  }>();
  const [initialValues] = useState(() => hiddenAnswers(form));

  async function submit(answers: Record<string, unknown>) {
    setSubmitting(true);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...answers,
          ...extra?.(),
          timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }),
      });
      const body = (await response.json().catch(() => undefined)) as
        (Outcome & Refusal & { results?: Outcome[] }) | undefined;
      // The Form Submission hook: a registration, or a re-registration (the confirmation is sent again).
      if (response.ok || body?.code === 'USER_ALREADY_IN_EVENT')
        runPageHook('form_submission', answers, !response.ok);
      if (!response.ok || !body)
        return setResult({ ok: false, messages: [refusal(body)], errors: fieldErrors(body) });
      setResult({ ok: true, messages: (body.results ?? [body]).map(outcomeMessage) });
    } catch {
      setResult({ ok: false, messages: [registrationMessages.registrationFailed] });
    } finally {
      setSubmitting(false);
    }
  }

  if (result?.ok) {
    return (
      <div className="alert" role="status">
        {[...new Set(result.messages)].map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    );
  }
  return (
    <>
      {result && (
        <div className="alert error" role="alert">
          {result.messages[0]}
        </div>
      )}
      {children}
      <AttendeeRegistrationForm
        form={form}
        pending={submitting}
        submitLabel={submitting ? attendeePageMessages.submitting : attendeePageMessages.register}
        initialValues={initialValues}
        serverErrors={result?.errors}
        onSubmit={(answers) => void submit(answers)}
      />
    </>
  );
}

interface SeriesEvent {
  id: string;
  title: string;
  start_time: string;
  end_time: string;
}

function SeriesRegister({
  series,
  events,
  form,
}: {
  series: { id: string };
  events: SeriesEvent[];
  form: FormioData;
}) {
  const [chosen, setChosen] = useState(() => new Set(events.map((event) => event.id)));
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Register
      url={`/api/event/series/${series.id}/register/`}
      form={form}
      extra={() => ({ events: [...chosen] })}
    >
      <h2>{attendeePageMessages.chooseEvents}</h2>
      <ul>
        {events.map((event) => (
          <li key={event.id}>
            <label>
              <input type="checkbox" checked={chosen.has(event.id)} onChange={() => toggle(event.id)} />{' '}
              {event.title}{' '}
              <span className="muted">
                {format.formatRange(new Date(event.start_time), new Date(event.end_time))}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </Register>
  );
}

/** The island of a registration page, from the page's data. */
export function registerIsland(page: string | undefined, props: unknown) {
  if (page === 'register') {
    const { event, form } = props as { event: { id: string }; form: FormioData };
    return <Register url={`/api/event/${event.id}/register/`} form={form} />;
  }
  if (page === 'series-register') {
    const data = props as { series: { id: string }; events: SeriesEvent[]; form: FormioData };
    return <SeriesRegister {...data} />;
  }
  return undefined;
}
