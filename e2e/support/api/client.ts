// The e2e suite's client of the public API: openapi-fetch typed by the types `npm run api:types`
// generates from the API reference (./schema.d.ts), so a spec cannot send a request, or read a
// field, that the reference does not describe. It calls /api/v1 as any other system would: an
// API key as the bearer, no cookies, no Origin. A CallLog notes what each operation answered, for
// the suite's check that it exercised every operation of the document.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type { paths };
export type ApiClient = Client<paths>;

/** What one request got: its status, and the error code of a refusal. */
export interface Answer {
  status: number;
  code?: string;
}

/** The answers the suite's clients got, by operation: `GET /api/v1/units/{unitId}`. */
export class CallLog {
  private readonly answers = new Map<string, Answer[]>();

  note(method: string, schemaPath: string, answer: Answer) {
    const key = `${method.toUpperCase()} ${schemaPath}`;
    this.answers.set(key, [...(this.answers.get(key) ?? []), answer]);
  }

  answersTo(method: string, schemaPath: string): Answer[] {
    return this.answers.get(`${method.toUpperCase()} ${schemaPath}`) ?? [];
  }
}

async function codeOf(response: Response): Promise<string | undefined> {
  if (!response.headers.get('content-type')?.includes('application/json')) return undefined;
  const body = (await response.clone().json().catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return typeof body?.error?.code === 'string' ? body.error.code : undefined;
}

const noteTo = (log: CallLog): Middleware => ({
  async onResponse({ request, schemaPath, response }) {
    log.note(request.method, schemaPath, { status: response.status, code: response.ok ? undefined : await codeOf(response) });
  },
});

/** A client acting as the API key `secret` against the app at `baseURL`, noting its answers in `log`. */
export function apiClient(baseURL: string, secret: string, log?: CallLog): ApiClient {
  const client = createClient<paths>({ baseUrl: baseURL, headers: { Authorization: `Bearer ${secret}` } });
  if (log) client.use(noteTo(log));
  return client;
}
