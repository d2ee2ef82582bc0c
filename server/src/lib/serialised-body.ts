import { createHash } from "node:crypto";
import zlib from "node:zlib";

/** A response body serialised once and sent many times: its bytes, a strong validator and its encodings. */
export interface SerialisedBody {
  readonly bytes: Buffer;
  /** Sent as `application/json` unless it says otherwise (the app shell is HTML). */
  readonly contentType?: string;
  /** Hash of the bytes (no quotes); the encodings' ETags append `-br` / `-gzip` to it. */
  readonly hash: string;
  /** Precompressed encodings; absent where compressing would not pay. */
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

/** The strong validator of a body: its ETag without quotes. */
export const bodyHash = (bytes: Buffer): string =>
  createHash("sha256").update(bytes).digest("base64url").slice(0, 27);

/** Serialises on the spot (sync): for bodies made rarely, where the compression settings are the caller's call. */
export function serialiseBytes(
  bytes: Buffer,
  {
    brotliQuality,
    gzipLevel,
    contentType,
  }: { brotliQuality: number; gzipLevel: number; contentType?: string },
): SerialisedBody {
  return {
    bytes,
    ...(contentType ? { contentType } : {}),
    hash: bodyHash(bytes),
    br: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality },
    }),
    gzip: zlib.gzipSync(bytes, { level: gzipLevel }),
  };
}
