import type { LookupAddress, LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Agent, buildConnector } from "undici";
import type { Dispatcher } from "undici";
import { OutboundRefusedError, addressRefusal, allowedHostKey } from "./outbound-guard.js";
import type { OutboundPolicy } from "./outbound-guard.js";
import type { InternalAddress } from "@adsgraph/models";

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` the sockets use: the policy's resolver, then only the addresses it allows. The
 * check runs on the very addresses the socket connects to, so a name that resolved to a public
 * address at registration and resolves to a private one now (DNS rebinding) is refused now.
 */
function guardedLookup(policy: OutboundPolicy, warn: (message: string) => void) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    policy.resolve(hostname).then(
      (addresses) => {
        const family = typeof options.family === "number" ? options.family : 0;
        const refused: [string, InternalAddress][] = [];
        const kept: LookupAddress[] = [];
        for (const entry of addresses) {
          if (family !== 0 && entry.family !== family) continue;
          const why = addressRefusal(policy, hostname, entry.address);
          if (why === undefined) kept.push({ address: entry.address, family: entry.family });
          else refused.push([entry.address, why]);
        }
        const first = kept[0];
        if (first === undefined) {
          const error = new OutboundRefusedError(hostname, refused);
          warn(error.message);
          callback(error, "");
          return;
        }
        if (options.all === true) callback(null, kept);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, "");
      },
    );
  };
}

/**
 * The undici dispatcher every request to a client-given URL goes through (issue 34): an IP
 * literal is checked here (sockets skip `lookup` for one), a name in `lookup`. A refusal fails
 * the request before any byte is sent; `warn` logs it with the host and the addresses.
 */
export function createOutboundDispatcher(
  policy: OutboundPolicy,
  warn: (message: string) => void,
): Dispatcher {
  const connect = buildConnector({ lookup: guardedLookup(policy, warn) });
  return new Agent({
    connect: (options, callback) => {
      const host = allowedHostKey(options.hostname);
      if (isIP(host) !== 0) {
        const why = addressRefusal(policy, host, host);
        if (why !== undefined) {
          const error = new OutboundRefusedError(host, [[host, why]]);
          warn(error.message);
          callback(error, null);
          return;
        }
      }
      connect(options, callback);
    },
  });
}
