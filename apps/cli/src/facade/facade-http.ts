import { CLI_ERROR_CODES, CliError } from "../errors.js";

/** Per request: generous, as a loaded machine or a large query may take long. */
const TIMEOUT_MS = 120_000;

/** An answer of the facade: status and the JSON body (undefined when it sent none). */
export interface FacadeAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * The facade's base URL from what a user may type: `http://host:4000`, with a trailing slash or
 * `/graphql` (the URL the facade prints at start) accepted and dropped.
 */
export function facadeBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(CLI_ERROR_CODES.USAGE, `--url: "${text}" is not an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CliError(CLI_ERROR_CODES.USAGE, `--url: "${text}" is not an http(s) URL`);
  }
  const pathname = url.pathname.replace(/\/+$/, "").replace(/\/graphql$/, "");
  return `${url.origin}${pathname}`;
}

/** Why a fetch failed, in a few words (`ECONNREFUSED`, `ENOTFOUND`), never a header. */
function networkReason(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") {
    return `no answer within ${TIMEOUT_MS / 1000} s`;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") return code;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A JSON request to `<base><path>`; a failure to reach the facade is a NETWORK CliError. */
export async function requestFacade(
  base: string,
  path: string,
  init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: unknown },
): Promise<FacadeAnswer> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: init.method,
      headers: {
        accept: "application/json",
        ...(init.body !== undefined && { "content-type": "application/json" }),
        ...init.headers,
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new CliError(
      CLI_ERROR_CODES.NETWORK,
      `cannot reach the facade at ${base} (${networkReason(error)}); is it running? (--url, ADSGRAPH_URL)`,
      { cause: error },
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** `{ error: { code, message } }` of the facade's auth routes, as `message (CODE)`. */
export function routeProblem(answer: FacadeAnswer): { code: string; message: string } {
  const error = (answer.body as { error?: { code?: unknown; message?: unknown } } | undefined)
    ?.error;
  return {
    code: typeof error?.code === "string" ? error.code : `HTTP_${answer.status}`,
    message:
      typeof error?.message === "string" ? error.message : `the facade answered ${answer.status}`,
  };
}
