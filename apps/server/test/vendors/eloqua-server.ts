import { startVendorServer, type RecordedRequest, type Reply } from './vendor-server.ts';

/**
 * Eloqua on loopback: `login.eloqua.com/id` discovery (Basic `Company\User:password`; "Not
 * authenticated." to bad credentials, the site's base URL — this same server — otherwise), and the
 * REST 2.0 form asset and form data endpoints, 401 without good credentials and 404 with Eloqua's
 * validation error list for an unknown form.
 */

export const ELOQUA_CREDENTIALS = {
  company: 'EventCo',
  username: 'Integration.User',
  password: 'eloqua-password-9!',
};

export type EloquaServer = Awaited<ReturnType<typeof startEloquaServer>>;

export async function startEloquaServer() {
  const forms = new Map([
    [
      '1234',
      {
        type: 'Form',
        id: '1234',
        name: 'Summit registration',
        elements: [
          { type: 'FormField', id: '501', name: 'Email Address', htmlName: 'emailAddress', dataType: 'text' },
          { type: 'FormField', id: '502', name: 'First Name', htmlName: 'firstName', dataType: 'text' },
          { type: 'FormField', id: '503', name: 'Company', htmlName: 'company', dataType: 'text' },
          { type: 'FormSubmit', id: '509', name: 'Submit' },
        ],
      },
    ],
  ]);
  const submissions: { formId: string; fieldValues: { id: string; value: string }[] }[] = [];
  const expected = `Basic ${Buffer.from(`${ELOQUA_CREDENTIALS.company}\\${ELOQUA_CREDENTIALS.username}:${ELOQUA_CREDENTIALS.password}`).toString('base64')}`;
  let baseUrl = '';

  function handle(request: RecordedRequest): Reply {
    const good = request.headers.authorization === expected;
    if (request.path === '/id') {
      if (!good) return { json: 'Not authenticated.' };
      return {
        json: {
          site: { id: 42, name: ELOQUA_CREDENTIALS.company },
          user: { id: 7, username: ELOQUA_CREDENTIALS.username, displayName: 'Integration User' },
          urls: {
            base: baseUrl,
            apis: {
              rest: { standard: `${baseUrl}/API/REST/{version}/`, bulk: `${baseUrl}/API/Bulk/{version}/` },
            },
          },
        },
      };
    }
    if (!good) return { status: 401, text: 'Unauthorized' };
    const notFound = (id: string): Reply => ({
      status: 404,
      json: [
        {
          type: 'ObjectValidationError',
          property: 'id',
          requirement: { type: 'NotFoundRequirement' },
          value: id,
        },
      ],
    });
    const form = /^\/api\/REST\/2\.0\/assets\/form\/(\d+)$/.exec(request.path);
    if (form && request.method === 'GET')
      return forms.has(form[1]!) ? { json: forms.get(form[1]!) } : notFound(form[1]!);
    const data = /^\/api\/REST\/2\.0\/data\/form\/(\d+)$/.exec(request.path);
    if (data && request.method === 'POST') {
      if (!forms.has(data[1]!)) return notFound(data[1]!);
      const body = JSON.parse(request.text) as {
        type?: string;
        fieldValues?: { id: string; value: string }[];
      };
      if (body.type !== 'FormData' || !Array.isArray(body.fieldValues))
        return {
          status: 400,
          json: [
            { type: 'ObjectValidationError', property: 'fieldValues', requirement: { type: 'Required' } },
          ],
        };
      submissions.push({ formId: data[1]!, fieldValues: body.fieldValues });
      return {
        status: 201,
        json: { type: 'FormData', id: String(submissions.length), fieldValues: body.fieldValues },
      };
    }
    return { status: 404, text: 'Not Found' };
  }

  const server = await startVendorServer(handle);
  baseUrl = server.url;
  return { ...server, forms, submissions };
}
