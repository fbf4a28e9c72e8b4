import type { CrmTargetField } from '@studio/domain';
import { z } from 'zod';
import { grantsAccess, VendorHttp, vendorUrl, type VendorClientOptions } from './vendor-http.ts';

/**
 * Oracle Eloqua's REST API 2.0 with HTTP Basic authentication (`Company\User:password`). The
 * instance's own base URL (secure.pNN.eloqua.com) is discovered at `login.eloqua.com/id`, which
 * also serves as the authentication health check; then forms are read (event form id validate)
 * and form data submitted.
 *
 * Base URL: ELOQUA_LOGIN_URL (default https://login.eloqua.com); the API's base URL comes from it.
 */

export interface EloquaCredentials {
  /** The site (company) name. */
  company: string;
  username: string;
  password: string;
}

/** Login discovery: Eloqua answers 200 with the JSON string "Not authenticated." to bad credentials. */
const discoverySchema = z.union([
  z.literal('Not authenticated.'),
  z.object({
    site: z.object({ id: z.number(), name: z.string() }),
    user: z.object({ id: z.number(), username: z.string(), displayName: z.string().optional() }),
    urls: z.object({ base: z.url() }),
  }),
]);

export const eloquaFormSchema = z.object({
  type: z.literal('Form'),
  id: z.string(),
  name: z.string(),
  elements: z
    .array(
      z.object({
        type: z.string(),
        id: z.string(),
        name: z.string(),
        htmlName: z.string().optional(),
        dataType: z.string().optional(),
      }),
    )
    .optional(),
});
export type EloquaForm = z.infer<typeof eloquaFormSchema>;

const submissionSchema = z.object({ type: z.literal('FormData'), id: z.string().optional() });

export interface EloquaSite {
  siteId: number;
  siteName: string;
  baseUrl: string;
}

export class EloquaClient {
  private readonly http: VendorHttp;
  private readonly loginUrl: string;
  private site: EloquaSite | undefined;

  constructor(
    private readonly credentials: EloquaCredentials,
    options: VendorClientOptions,
  ) {
    this.loginUrl = options.baseUrl ?? 'https://login.eloqua.com';
    this.http = new VendorHttp('Eloqua', options.outbound, options.retry, () => [
      credentials.password,
      this.authorization(),
    ]);
  }

  /** Discovers the site's base URL with the credentials (kept for the client's life). */
  async authenticate(): Promise<EloquaSite> {
    const answer = await this.http.send({
      what: 'the login discovery',
      method: 'GET',
      url: vendorUrl(this.loginUrl, '/id'),
      headers: { authorization: this.authorization() },
    });
    if (answer.status === 401)
      throw this.http.error('authentication', 'the site, user or password was refused', 401);
    if (answer.status !== 200) throw this.http.failure(answer, 'the login discovery');
    const found = this.http.parse(answer, discoverySchema, 'the login discovery');
    if (found === 'Not authenticated.')
      throw this.http.error('authentication', 'the site, user or password was refused', 200);
    this.site = { siteId: found.site.id, siteName: found.site.name, baseUrl: found.urls.base };
    return this.site;
  }

  /** The authentication health check: whether Eloqua accepts the credentials now. */
  health(): Promise<boolean> {
    return grantsAccess(() => this.authenticate());
  }

  /** The form with that id (validate eloqua_form_id → is_valid_eloqua_form_id), or null. */
  async form(formId: string): Promise<EloquaForm | null> {
    if (!/^\d+$/.test(formId)) return null;
    const what = `form ${formId}`;
    const answer = await this.call('GET', `/api/REST/2.0/assets/form/${formId}`, what);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw this.http.failure(answer, what);
    return this.http.parse(answer, eloquaFormSchema, what);
  }

  /** The fields of the form a registration field may be mapped to, by their HTML names; null without the form. */
  async formFields(formId: string): Promise<CrmTargetField[] | null> {
    const form = await this.form(formId);
    return (
      form &&
      (form.elements ?? []).flatMap((element) =>
        element.htmlName
          ? [
              {
                id: element.htmlName,
                label: element.name,
                type: element.dataType ?? 'text',
                is_required: element.htmlName === 'emailAddress',
                is_custom: false,
                is_updateable: true,
              },
            ]
          : [],
      )
    );
  }

  /** Submits one set of field values (form field id → value) to the form. */
  async submitForm(formId: string, values: Record<string, string>): Promise<{ id: string | undefined }> {
    const what = `the submission to form ${formId}`;
    const answer = await this.call('POST', `/api/REST/2.0/data/form/${encodeURIComponent(formId)}`, what, {
      type: 'FormData',
      fieldValues: Object.entries(values).map(([id, value]) => ({ type: 'FieldValue', id, value })),
    });
    if (answer.status !== 200 && answer.status !== 201) throw this.http.failure(answer, what);
    return { id: this.http.parse(answer, submissionSchema, what).id };
  }

  private authorization(): string {
    const { company, username, password } = this.credentials;
    return `Basic ${Buffer.from(`${company}\\${username}:${password}`).toString('base64')}`;
  }

  private async call(method: 'GET' | 'POST', path: string, what: string, json?: unknown) {
    const site = this.site ?? (await this.authenticate());
    const answer = await this.http.send({
      what,
      method,
      url: vendorUrl(site.baseUrl, path),
      headers: { authorization: this.authorization() },
      ...(json !== undefined && { body: JSON.stringify(json) }),
    });
    if (answer.status === 401)
      throw this.http.error('authentication', `the credentials were refused for ${what}`, 401);
    return answer;
  }
}
