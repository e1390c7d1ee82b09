// The carrier's back office as a browser uses it, without a browser: cookies kept between
// requests, forms posted with the form token (CSRF) of the last page read, redirects not
// followed (the tests look at them).
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

export { DEMO_ACCOUNTS };

/** A form's fields: what a browser would post. */
export type FormFields = Record<string, string>;

/** A page or answer the back office sent. */
export interface BackOfficeAnswer {
  status: number;
  text: string;
  headers: Headers;
  location: string | null;
}

export class BackOffice {
  base: string;
  headers: Record<string, string>;
  cookies: Map<string, string>;
  csrf: string | null;
  lastSetCookies: string[];

  constructor(base: string, { headers = {} }: { headers?: Record<string, string> } = {}) {
    this.base = base;
    this.headers = headers;
    this.cookies = new Map();
    /** The form token of the last page read. */
    this.csrf = null;
    /** The Set-Cookie lines of the last answer, as sent. */
    this.lastSetCookies = [];
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(response: Response) {
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair, ...attributes] = line.split(';');
      const [name = '', ...value] = (pair ?? '').split('=');
      const cleared = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (cleared) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
  }

  async request(
    method: string,
    path: string,
    { body, headers = {} }: { body?: FormFields; headers?: Record<string, string> } = {},
  ): Promise<BackOfficeAnswer> {
    const response = await fetch(this.base + path, {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    this.keep(response);
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, text, headers: response.headers, location: response.headers.get('location') };
  }

  get(path: string, options?: { headers?: Record<string, string> }) {
    return this.request('GET', path, options);
  }

  /** Posts a form with the last page's token (or `csrf` given, or none when null). */
  post(
    path: string,
    fields: FormFields = {},
    { csrf = this.csrf, headers }: { csrf?: string | null; headers?: Record<string, string> } = {},
  ) {
    return this.request('POST', path, { body: { ...(csrf === null ? {} : { _csrf: csrf }), ...fields }, headers });
  }

  /** Posts a multipart form (a file upload) with the last page's token (or `csrf` given, or none when null). */
  async upload(
    path: string,
    fields: FormFields = {},
    files: Record<string, { bytes: BlobPart; filename: string; type: string }> = {},
    { csrf = this.csrf }: { csrf?: string | null } = {},
  ): Promise<BackOfficeAnswer> {
    const form = new FormData();
    if (csrf !== null) form.append('_csrf', csrf);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, { bytes, filename, type }] of Object.entries(files)) form.append(name, new Blob([bytes], { type }), filename);
    const response = await fetch(this.base + path, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...this.headers, ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}) },
      body: form,
    });
    this.keep(response);
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, text, headers: response.headers, location: response.headers.get('location') };
  }

  async signIn(email: string, password: string) {
    await this.get('/espace-transporteur/connexion');
    return this.post('/espace-transporteur/connexion', { email, mot_de_passe: password });
  }

  /** Signed in as a demo company's account (1: Transports Martin & Fils, who also sees the public pages; 2: Déménagements Dupont). */
  async signInAs(companyId: number) {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.companyId === companyId)!;
    const answer = await this.signIn(account.email, account.password);
    if (answer.status !== 303) throw new Error(`connexion refusée (${answer.status}) : ${answer.text.slice(0, 300)}`);
    // A page read, so the next form has its token.
    await this.get('/espace-transporteur/reservations');
    return this;
  }

  /** The booking numbers a list page shows, in its order. */
  static listedIds(html: string) {
    return [...html.matchAll(/href="\/espace-transporteur\/reservations\/(\d+)"/g)].map((match) => Number(match[1]));
  }
}
