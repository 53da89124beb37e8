import type { HostRole } from "@adsgraph/models";
import type { TlsFiles } from "../config.js";

/** Where one host role listens and how. */
export interface HostListen {
  readonly role: HostRole;
  readonly publicUrl: URL;
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopback(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export const ROLE_VARIABLES: Readonly<Record<HostRole, string>> = {
  base: "ADS_API_BASE_URL",
  ads: "ADS_API_ADS_URL",
  "ads-sandbox": "ADS_API_SANDBOX_URL",
};

/**
 * How each role listens, from its public URL. spec §4.1 requires HTTPS for credentials, so
 * plain HTTP is served on loopback only; an https:// URL needs a certificate and key. A bad
 * combination stops the start with a message naming the variable.
 */
export function planHosts(
  hosts: Readonly<Record<HostRole, string>>,
  tls: TlsFiles | undefined,
): HostListen[] {
  return (Object.keys(ROLE_VARIABLES) as HostRole[]).map((role) => {
    const variable = ROLE_VARIABLES[role];
    const url = new URL(hosts[role]);
    const secure = url.protocol === "https:";
    if (secure && tls === undefined) {
      throw new Error(
        `${variable}: ${url.origin} is https:// but ADS_API_TLS_CERT and ADS_API_TLS_KEY are not set`,
      );
    }
    if (!secure && !isLoopback(url.hostname)) {
      throw new Error(
        `${variable}: refusing to serve plain HTTP on ${url.hostname} (not loopback); use https:// with ADS_API_TLS_CERT and ADS_API_TLS_KEY, or a loopback address`,
      );
    }
    const host =
      url.hostname === "localhost" ? "127.0.0.1" : url.hostname.replace(/^\[(.*)\]$/, "$1");
    const port = url.port === "" ? (secure ? 443 : 80) : Number(url.port);
    return { role, publicUrl: url, host, port, tls: secure };
  });
}
