import type { FastifyReply, FastifyRequest } from "fastify";
import type { SerialisedBody } from "../lib/serialised-body.js";

type Encoding = "br" | "gzip" | "identity";

const negotiated = new Map<string, Encoding>();
const MAX_REMEMBERED_HEADERS = 64;

/** The best encoding an Accept-Encoding header allows: brotli, then gzip, by q-value; identity otherwise. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const known = negotiated.get(header);
  if (known) return known;
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName?.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim().toLowerCase() === "q") q = Number(value?.trim()) || 0;
    }
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gzip = q;
    else if (name === "*") any = q;
  }
  if (br < 0) br = any;
  if (gzip < 0) gzip = any;
  const choice: Encoding = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
  if (negotiated.size < MAX_REMEMBERED_HEADERS) negotiated.set(header, choice);
  return choice;
}

/** True when an If-None-Match header names this body in any of its encodings (or is `*`). */
function matches(ifNoneMatch: string, hash: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  for (const raw of ifNoneMatch.split(",")) {
    // If-None-Match compares weakly (RFC 9110 13.1.2): W/ is ignored, and an encoding's tag names the same bytes.
    const tag = raw.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    if (tag === hash || tag === `${hash}-br` || tag === `${hash}-gzip`) return true;
  }
  return false;
}

/** The copy of a body an answer sends: its encoding, its bytes and their ETag. */
export interface ChosenCopy {
  readonly encoding: Encoding;
  readonly payload: Buffer;
  readonly etag: string;
}

/**
 * Chooses the copy of `body` to send (its precompressed encoding when the client takes one, else the plain bytes) and
 * writes the caching headers: Cache-Control, `Vary: Accept-Encoding` when there is a choice, a strong ETag per copy.
 * Null once it has answered 304 (If-None-Match already names the body).
 */
export function chooseCopy(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SerialisedBody,
  cacheControl: string,
): ChosenCopy | null {
  const compressed = body.br !== undefined || body.gzip !== undefined;
  const wanted = compressed ? preferredEncoding(request.headers["accept-encoding"]) : "identity";
  const encoding =
    wanted === "br" && body.br ? "br" : wanted === "gzip" && body.gzip ? "gzip" : "identity";
  const payload = encoding === "br" ? body.br! : encoding === "gzip" ? body.gzip! : body.bytes;
  const etag = encoding === "identity" ? `"${body.hash}"` : `"${body.hash}-${encoding}"`;
  reply.header("cache-control", cacheControl);
  if (compressed) reply.header("vary", "accept-encoding");
  reply.header("etag", etag);
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch && matches(ifNoneMatch, body.hash)) {
    reply.code(304).send();
    return null;
  }
  return { encoding, payload, etag };
}

/** Labels the answer with the body's type and the chosen copy's encoding. */
export function labelCopy(reply: FastifyReply, body: SerialisedBody, copy: ChosenCopy): void {
  reply.header("content-type", body.contentType ?? "application/json; charset=utf-8");
  if (copy.encoding !== "identity") reply.header("content-encoding", copy.encoding);
}

/**
 * Sends a body serialised ahead of time (`chooseCopy`): its precompressed encoding when the client takes one, a strong
 * ETag per encoding, and 304 without a body when If-None-Match already names it. Handlers calling it are synchronous
 * and return nothing (no promise to settle per request).
 */
export function sendSerialised(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SerialisedBody,
  cacheControl: string,
): void {
  const copy = chooseCopy(request, reply, body, cacheControl);
  if (!copy) return;
  labelCopy(reply, body, copy);
  reply.send(copy.payload);
}
