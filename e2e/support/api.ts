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
