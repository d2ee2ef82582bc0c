import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { PushRequest, PushTransport } from "./transport.js";

/**
 * Push endpoints are addresses a customer hands us, and the server connects to them on every status change:
 * without rules that is a server-side request forgery path. An endpoint must be `https:` on the default port,
 * on a public host: no loopback, private, link-local, carrier-grade NAT, unique-local IPv6, multicast or
 * reserved address, whether written literally (the URL parser already turns `2130706433` or `0x7f.1` into
 * 127.0.0.1) or reached through DNS (checked on every connection, so a name that later resolves inward is
 * refused at send). Redirects are never followed. Tests alone may allow private endpoints (a local receiver).
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(prefix, bits, "ipv4");
}
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2001::", 23],
] as const) {
  blocked.addSubnet(prefix, bits, "ipv6");
}

/**
 * IPv6 is allowed only inside global unicast (2000::/3), minus the reserved blocks above. Everything else is
 * refused whatever its spelling: the IPv4-compatible (`::127.0.0.1`), IPv4-mapped (`::ffff:127.0.0.1`) and
 * IPv4-translated (`::ffff:0:7f00:1`) forms, the unspecified `::`, link-local, unique-local, multicast. A push
 * service never hands out an IPv4 address in IPv6 clothing, so refusing even a public one so written costs nothing.
 */
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/** True for an address the server must never connect to for a customer. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) return !globalUnicast.check(address, "ipv6") || blocked.check(address, "ipv6");
  return true; // not an address at all: refuse
}

const INTERNAL_NAMES =
  /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/i;

/** Why this endpoint is refused, or null when it may be stored (checked again at send, after DNS). */
export function pushEndpointProblem(endpoint: string, allowPrivate = false): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint must be an https URL";
  }
  if (allowPrivate && url.protocol === "http:") return null;
  if (url.protocol !== "https:") return "endpoint must be an https URL";
  if (allowPrivate) return null;
  if (url.username || url.password) return "endpoint must not carry a user name or password";
  if (url.port !== "") return "endpoint must use the standard https port";
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (net.isIP(host)) {
    return isPrivateAddress(host) ? "endpoint must be on a public host" : null;
  }
  if (!host.includes(".") || INTERNAL_NAMES.test(host)) return "endpoint must be on a public host";
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails when any address the name resolves to is private: used for every push connection. */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const list = addresses as dns.LookupAddress[];
    const inward = list.find((entry) => isPrivateAddress(entry.address));
    if (inward || list.length === 0) {
      const refused = Object.assign(
        new Error(`push endpoint ${hostname} resolves to a private address`),
        {
          code: "EPUSHPRIVATE",
        },
      );
      return callback(refused, "");
    }
    if (options.all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}

const SEND_TIMEOUT_MS = 10_000;

/** Posts one push message with node:https: the lookup above on every connection, no redirects, a timeout. */
export function createSafeTransport(allowPrivate: boolean): PushTransport {
  return (request: PushRequest) =>
    new Promise<number>((resolve, reject) => {
      const problem = pushEndpointProblem(request.endpoint, allowPrivate);
      if (problem) return reject(new Error(`refused push endpoint: ${problem}`));
      const url = new URL(request.endpoint);
      const client = url.protocol === "http:" ? http : https;
      const outgoing = client.request(
        url,
        {
          method: request.method,
          headers: { ...request.headers, "content-length": String(request.body.byteLength) },
          timeout: SEND_TIMEOUT_MS,
          agent: false,
          ...(allowPrivate ? {} : { lookup: publicOnlyLookup as unknown as typeof dns.lookup }),
        },
        (response) => {
          response.resume(); // a redirect's Location is never followed: its 3xx is the answer
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on("timeout", () =>
        outgoing.destroy(new Error("push service did not answer in time")),
      );
      outgoing.on("error", reject);
      outgoing.end(Buffer.from(request.body));
    });
}
