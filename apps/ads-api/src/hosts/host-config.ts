import type { HostRole } from "@adsgraph/models";
import type { TlsFiles } from "../config.js";
import type { ListenAddress } from "../env.js";

/** Where one host role listens and how. */
export interface HostListen {
  readonly role: HostRole;
  /** What clients reach and sign against (a load balancer's, when `listen` is set). */
  readonly publicUrl: URL;
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  /** True when the role listens apart from its public URL (ADS_API_LISTEN_*). */
  readonly listensApart: boolean;
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

export const LISTEN_VARIABLES: Readonly<Record<HostRole, string>> = {
  base: "ADS_API_LISTEN_BASE",
  ads: "ADS_API_LISTEN_ADS",
  "ads-sandbox": "ADS_API_LISTEN_SANDBOX",
};

const bareHost = (host: string) =>
  host === "localhost" ? "127.0.0.1" : host.replace(/^\[(.*)\]$/, "$1");

/**
 * How each role listens: at its public URL, or at `listen[role]` (replicas behind a load
 * balancer share public URLs and listen apart; signatures are still checked against the public
 * URL). spec §4.1 requires HTTPS for credentials, so plain HTTP is served and advertised on
 * loopback only: an http:// public URL must be loopback, and so must a listen address served
 * without TLS. An https:// public URL is served over TLS with ADS_API_TLS_CERT and _KEY; with a
 * listen address and no certificate, TLS ends in front of this process (a proxy on the same
 * machine), so the listen address must be loopback. A bad combination stops the start with a
 * message naming the variable.
 */
export function planHosts(
  hosts: Readonly<Record<HostRole, string>>,
  tls: TlsFiles | undefined,
  listen: Readonly<Partial<Record<HostRole, ListenAddress>>> = {},
): HostListen[] {
  return (Object.keys(ROLE_VARIABLES) as HostRole[]).map((role) => {
    const variable = ROLE_VARIABLES[role];
    const url = new URL(hosts[role]);
    const secure = url.protocol === "https:";
    const address = listen[role];
    if (!secure && !isLoopback(url.hostname)) {
      throw new Error(
        `${variable}: refusing to serve plain HTTP on ${url.hostname} (not loopback); use https:// with ADS_API_TLS_CERT and ADS_API_TLS_KEY, or a loopback address`,
      );
    }
    if (address === undefined) {
      if (secure && tls === undefined) {
        throw new Error(
          `${variable}: ${url.origin} is https:// but ADS_API_TLS_CERT and ADS_API_TLS_KEY are not set`,
        );
      }
      const port = url.port === "" ? (secure ? 443 : 80) : Number(url.port);
      const host = bareHost(url.hostname);
      return { role, publicUrl: url, host, port, tls: secure, listensApart: false };
    }
    const listenVariable = LISTEN_VARIABLES[role];
    if (url.port === "0") {
      throw new Error(
        `${variable}: port 0 (a free port) is only for a role that listens at its public URL; with ${listenVariable} set, give the port clients reach`,
      );
    }
    const servedTls = secure && tls !== undefined;
    if (!servedTls && !isLoopback(address.host)) {
      throw new Error(
        `${listenVariable}: refusing to serve plain HTTP on ${address.host} (not loopback); set ADS_API_TLS_CERT and ADS_API_TLS_KEY (with an https:// ${variable}), or listen on a loopback address behind a proxy that ends TLS`,
      );
    }
    const host = bareHost(address.host);
    return { role, publicUrl: url, host, port: address.port, tls: servedTls, listensApart: true };
  });
}
