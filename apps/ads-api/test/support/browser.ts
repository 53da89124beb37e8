import { serializeForm } from "@adsgraph/oauth";

/** What a browser sees of a page: status, body, headers, the cookie it would keep. */
export interface PageResponse {
  readonly status: number;
  readonly html: string;
  readonly location: string | null;
  readonly setCookie: string | null;
}

export async function getPage(url: string, cookie?: string): Promise<PageResponse> {
  const response = await fetch(url, {
    redirect: "manual",
    headers: cookie === undefined ? {} : { cookie },
  });
  return read(response);
}

/** POSTs a form the way a browser does (application/x-www-form-urlencoded body). */
export async function postForm(
  url: string,
  fields: Readonly<Record<string, string>>,
  cookie?: string,
): Promise<PageResponse> {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie === undefined ? {} : { cookie }),
    },
    body: serializeForm(Object.entries(fields)),
  });
  return read(response);
}

async function read(response: Response): Promise<PageResponse> {
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get("location"),
    setCookie: response.headers.get("set-cookie"),
  };
}

/** The value of a hidden or text input of the page's form. */
export function inputValue(html: string, name: string): string | undefined {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&amp;/g, "&").replace(/&quot;/g, '"');
}

/** The form's fields as a browser would submit them (hidden inputs), plus the given ones. */
export function formFields(
  html: string,
  extra: Readonly<Record<string, string>>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ["oauth_token", "form_token"]) {
    const value = inputValue(html, name);
    if (value !== undefined) fields[name] = value;
  }
  return { ...fields, ...extra };
}

/** `name=value` of a Set-Cookie header, as the browser sends it back. */
export function cookiePair(setCookie: string | null): string | undefined {
  return setCookie?.split(";")[0];
}
