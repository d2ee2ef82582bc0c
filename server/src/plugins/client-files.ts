import fs from "node:fs";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { bodyHash, type SerialisedBody } from "../lib/serialised-body.js";
import { chooseCopy, labelCopy } from "./serialised-reply.js";

/** The build's precompressed siblings (`file.br`, `file.gz`): chosen by the server, never asked for by name. */
const ENCODED_SIBLING = /\.(?:br|gz)$/;

/** Content types of what a build holds; anything else goes out as bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".wav": "audio/wav",
  ".mp3": "audio/mpeg",
};

/** A file of the build in memory: its bytes, a strong validator and the compressed copies the build wrote. */
export type ClientFile = SerialisedBody & { readonly contentType: string };

/** What a file's route may hold: a name the router reads as itself (no `:param`, `*` or spaces). */
const PLAIN_ROUTE = /^[\w\-.~@+/]+$/;

/** Route paths ("/assets/x.js") of the files under `dir`: no dot-files, no compressed siblings. */
export function listClientFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep))
    .filter((parts) => !parts.some((part) => part.startsWith(".")))
    .map((parts) => `/${parts.join("/")}`)
    .filter((route) => PLAIN_ROUTE.test(route) && !ENCODED_SIBLING.test(route));
}

const readIfThere = (file: string): Promise<Buffer | undefined> =>
  fs.promises.readFile(file).catch(() => undefined);

/**
 * The build's files, each read from disk once (on its first request, with its `.br` and `.gz` copies) and then sent
 * from memory: a hashed asset costs a request no file system call. The build does not change under a running server
 * (its shells are read once too): a new build is served after a restart.
 */
export function clientFileCache(dir: string) {
  const files = new Map<string, Promise<ClientFile>>();
  const read = async (route: string): Promise<ClientFile> => {
    const file = path.join(dir, ...route.split("/"));
    const [bytes, br, gzip] = await Promise.all([
      fs.promises.readFile(file),
      readIfThere(`${file}.br`),
      readIfThere(`${file}.gz`),
    ]);
    return {
      bytes,
      contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      hash: bodyHash(bytes),
      br,
      gzip,
    };
  };
  return (route: string): Promise<ClientFile> => {
    let file = files.get(route);
    if (!file) {
      file = read(route);
      files.set(route, file);
      // A read that failed (the file removed meanwhile) is tried again on the next request.
      file.catch(() => files.delete(route));
    }
    return file;
  };
}

/** One byte range of a `size`-byte body, as a `Range` header asks for it (RFC 9110 14.1.2). */
export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/**
 * The single range `header` asks for; null (send the whole body) for no header, several ranges or one this does not
 * read; "unsatisfiable" for a range past the end.
 */
export function byteRange(header: string | undefined, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 || size === 0
      ? "unsatisfiable"
      : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return start >= size || start > end ? "unsatisfiable" : { start, end };
}

/**
 * Sends a build file: its copy and caching headers as every prebuilt body's (`chooseCopy`), and one byte range of the
 * copy sent when asked (206, or 416).
 */
export function sendClientFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ClientFile,
  cacheControl: string,
): FastifyReply {
  reply.header("accept-ranges", "bytes");
  const copy = chooseCopy(request, reply, file, cacheControl);
  if (!copy) return reply;
  const { payload, etag } = copy;
  // A range is of the copy this answer sends; If-Range with another validator asks for the whole of it.
  const ifRange = request.headers["if-range"];
  const range =
    ifRange && ifRange !== etag ? null : byteRange(request.headers.range, payload.length);
  if (range === "unsatisfiable")
    return reply
      .code(416)
      .header("content-range", `bytes */${payload.length}`)
      .send({ message: "The requested range is past the end of the file" });
  labelCopy(reply, file, copy);
  if (!range) return reply.send(payload);
  return reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${payload.length}`)
    .send(payload.subarray(range.start, range.end + 1));
}
