/** A JSON call to a running studio's API (set-up steps of journeys), as `access` when given. */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  apiPath: string,
  body?: unknown,
  access?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A journey's organiser: `first@domain`, with a password the studio's rule accepts. */
export const journeyOrganiser = (first_name: string, last_name: string, domain: string) => ({
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@${domain}`,
  password: `${last_name}@Studio1`,
});

/** Signs a person up and creates their organisation through the API; answers their access token. */
export async function organizerThroughApi(
  baseUrl: string,
  person: { email: string; password: string; first_name: string; last_name: string },
  organizationName: string,
): Promise<string> {
  const { password, ...details } = person;
  const created = await callApi(baseUrl, 'POST', '/auth/signup/', { ...details, password });
  if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  const login = await callApi<{ access: string }>(baseUrl, 'POST', '/auth/login/', {
    email: person.email,
    password,
  });
  const organization = await callApi(
    baseUrl,
    'POST',
    '/core/organization/',
    { name: organizationName },
    login.body.access,
  );
  if (organization.status !== 201)
    throw new Error(`organization failed: ${JSON.stringify(organization.body)}`);
  return login.body.access;
}

/** What a journey gives for an event it creates through the API. */
export interface NewEvent {
  title: string;
  start_time: string;
  end_time: string;
  event_type: 'Conference';
  host_type?: 'Virtual' | 'In_Person';
}

/** A conference on 1 June 2031, 9:00 to 17:00 UTC. */
export const conferenceDay = (title: string, host_type: NewEvent['host_type']): NewEvent => ({
  title,
  start_time: '2031-06-01T09:00:00Z',
  end_time: '2031-06-01T17:00:00Z',
  event_type: 'Conference',
  host_type,
});

/** Creates an event through the API as `access`; answers its id. */
export async function eventThroughApi(baseUrl: string, access: string, details: NewEvent): Promise<string> {
  const event = await callApi<{ id: string }>(baseUrl, 'POST', '/event/', details, access);
  if (event.status !== 201) throw new Error(`event failed: ${JSON.stringify(event.body)}`);
  return event.body.id;
}

/**
 * Signs an organiser up with their organisation and creates their event through the API; answers
 * their access token and the event's id.
 */
export async function organizerWithEventThroughApi(
  baseUrl: string,
  person: { email: string; password: string; first_name: string; last_name: string },
  organizationName: string,
  details: NewEvent,
): Promise<{ access: string; eventId: string }> {
  const access = await organizerThroughApi(baseUrl, person, organizationName);
  return { access, eventId: await eventThroughApi(baseUrl, access, details) };
}
