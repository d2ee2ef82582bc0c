/**
 * A stand-in push service on 127.0.0.1 and a browser-side subscription: it records what the server
 * posts and decrypts the aes128gcm body the way a browser would (RFC 8188 + RFC 8291).
 */
import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  /** An endpoint on this receiver; `status` is what it answers (201 by default). */
  endpoint(name: string, status?: number): string;
  received: ReceivedPush[];
  /** Resolves with the first push to `name`'s endpoint (or rejects after `timeoutMs`). */
  next(name: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiters: { name: string; resolve: (push: ReceivedPush) => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const push = { path, headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      const name = path.replace(/^\/push\//, "");
      response.statusCode = statuses.get(name) ?? 201;
      response.end();
      for (const waiter of waiters.filter((candidate) => candidate.name === name)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(push);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint(name, status = 201) {
      statuses.set(name, status);
      return `http://127.0.0.1:${port}/push/${name}`;
    },
    received,
    next(name, timeoutMs = 5000) {
      const already = received.find((push) => push.path === `/push/${name}`);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push to ${name} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          name,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The keys a browser's PushSubscription holds; `keys` is what it sends to the server. */
export function createBrowserSubscriptionKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: authSecret.toString("base64url"),
    },
    /** Decrypts an aes128gcm push body sent to this subscription. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderPublicKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const sharedSecret = ecdh.computeSecret(senderPublicKey);
      const keyInfo = Buffer.concat([
        Buffer.from("WebPush: info\0"),
        ecdh.getPublicKey(),
        senderPublicKey,
      ]);
      const ikm = hkdf(authSecret, sharedSecret, keyInfo, 32);
      const contentKey = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
      const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
      const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 followed by zero padding.
      const delimiter = padded.lastIndexOf(2);
      return padded.subarray(0, delimiter).toString("utf8");
    },
  };
}

/** HKDF with a single expansion block (all lengths here are ≤ 32). */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac("sha256", salt).update(ikm).digest();
  return createHmac("sha256", prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}
