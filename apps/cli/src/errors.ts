import { RestClientError, REST_CLIENT_ERROR_CODES } from "@adsgraph/rest-client";

/** Codes of every error the command reports. */
export const CLI_ERROR_CODES = {
  /** Wrong arguments or options, unreadable input files; nothing was sent. */
  USAGE: "USAGE",
  /** No stored credentials, or the server refused them. */
  NOT_SIGNED_IN: "NOT_SIGNED_IN",
  /** The credentials file is unsafe (others can read it) or unreadable. */
  CREDENTIALS_FILE: "CREDENTIALS_FILE",
  /** The facade answered with GraphQL errors. */
  GRAPHQL: "GRAPHQL",
  /** The facade or the ads API refused the request. */
  API: "API",
  /** A server could not be reached, or did not answer in time. */
  NETWORK: "NETWORK",
  /** Stopped by Ctrl-C (SIGINT). */
  INTERRUPTED: "INTERRUPTED",
  /** A fault of the command itself. */
  INTERNAL: "INTERNAL",
} as const;

export type CliErrorCode = (typeof CLI_ERROR_CODES)[keyof typeof CLI_ERROR_CODES];

/** The exit codes (docs/cli.md, and `adsgraph --help`). */
export const EXIT_CODES = {
  OK: 0,
  /** A GraphQL or API error (the server refused or failed the request). */
  FAILED: 1,
  USAGE: 2,
  NOT_SIGNED_IN: 3,
  NETWORK: 4,
  /** 128 + SIGINT, as shells report a command stopped by Ctrl-C. */
  INTERRUPTED: 130,
} as const;

const EXIT_OF: Readonly<Record<CliErrorCode, number>> = {
  USAGE: EXIT_CODES.USAGE,
  NOT_SIGNED_IN: EXIT_CODES.NOT_SIGNED_IN,
  CREDENTIALS_FILE: EXIT_CODES.NOT_SIGNED_IN,
  GRAPHQL: EXIT_CODES.FAILED,
  API: EXIT_CODES.FAILED,
  NETWORK: EXIT_CODES.NETWORK,
  INTERRUPTED: EXIT_CODES.INTERRUPTED,
  INTERNAL: EXIT_CODES.FAILED,
};

/** Every error the command reports: one line of `message`, never a credential. */
export class CliError extends Error {
  override readonly name = "CliError";
  readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  get exitCode(): number {
    return EXIT_OF[this.code];
  }
}

const REST_CODES: Partial<Record<RestClientError["code"], CliErrorCode>> = {
  [REST_CLIENT_ERROR_CODES.NETWORK]: CLI_ERROR_CODES.NETWORK,
  [REST_CLIENT_ERROR_CODES.TIMEOUT]: CLI_ERROR_CODES.NETWORK,
  [REST_CLIENT_ERROR_CODES.ABORTED]: CLI_ERROR_CODES.INTERRUPTED,
  [REST_CLIENT_ERROR_CODES.AUTHENTICATION]: CLI_ERROR_CODES.NOT_SIGNED_IN,
  [REST_CLIENT_ERROR_CODES.PROGRESS_MISMATCH]: CLI_ERROR_CODES.USAGE,
  [REST_CLIENT_ERROR_CODES.MISSING_CREDENTIALS]: CLI_ERROR_CODES.NOT_SIGNED_IN,
  [REST_CLIENT_ERROR_CODES.VALIDATION_FAILED]: CLI_ERROR_CODES.USAGE,
};

/**
 * Any thrown value as a CliError. rest-client's errors keep their (redacted) message and map
 * to the exit code that fits; anything else unknown is INTERNAL, its stack shown by `--debug`.
 */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof RestClientError) {
    return new CliError(REST_CODES[error.code] ?? CLI_ERROR_CODES.API, error.message, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(CLI_ERROR_CODES.INTERNAL, `internal error: ${message}`, { cause: error });
}
