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
