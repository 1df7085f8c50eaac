/*
 * A customer's script against the portal, typed by the generated `schema.d.ts` (npm run api:client):
 * sign in, list companies, read a page of products. Every request and answer type comes from the
 * API document; a renamed field is a compile error here, not a surprise in production.
 */
import type { paths } from './schema';

type Json<Op> = Op extends { content: { 'application/json': infer T } } ? T : never;
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? Json<R[S]>
    : never
  : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: infer B }
  ? Json<NonNullable<B>>
  : never;

export class PortalClient {
  private token: string | null = null;
  private csrf: string | null = null;
  private cookie = '';

  constructor(private readonly baseUrl: string) {}

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET') {
      if (!this.csrf)
        this.csrf = (await this.send<Answer<'/api/csrf-token', 'get', 200>>('GET', '/api/csrf-token')).token;
      headers['x-xsrf-token'] = this.csrf;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const json = (await res.json()) as T | { status: number; message: string; errors?: Record<string, string> };
    if (!res.ok) throw new Error((json as { message: string }).message);
    return json as T;
  }

  async signIn(credentials: Body<'/api/login', 'post'>): Promise<void> {
    const answer = await this.send<Answer<'/api/login', 'post', 200>>('POST', '/api/login', credentials);
    if ('mfa_required' in answer) throw new Error('This account needs its second factor: POST /api/login/2fa');
    this.token = answer.token;
    this.csrf = null; // a new session: the next write fetches a token bound to it
  }

  /** One page of companies (superadmin), sorted by name. */
  async companies(page = 1): Promise<{ names: string[]; total: number }> {
    const answer = await this.send<Answer<'/api/company', 'get', 200>>('GET', `/api/company?page=${page}&limit=50`);
    return { names: answer.data.list.map((c) => c.name), total: answer.data.total };
  }

  /** The products of a category with the caller's prices. */
  productPage(categoryId: string): Promise<Answer<'/api/catalogue/product/{id}', 'get', 200>> {
    return this.send('GET', `/api/catalogue/product/${encodeURIComponent(categoryId)}`);
  }
}

export async function example(baseUrl: string, email: string, password: string): Promise<void> {
  const client = new PortalClient(baseUrl);
  await client.signIn({ email, password });
  const { names, total } = await client.companies();
  console.log(`${total} companies, first: ${names[0] ?? '(none)'}`);
  const page = await client.productPage('3f2a9c1d-0000-4000-8000-000000000000');
  console.log(page.status);
}
