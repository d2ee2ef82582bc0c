import { createECDH } from "node:crypto";

/**
 * VAPID key pairs and their checks with node:crypto alone, as the web-push library makes and checks them (P-256,
 * base64url): the server then loads web-push only when it sends a push, not at start (about 11 MB of memory).
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const pad = (key: Buffer, length: number) =>
    key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key;
  return {
    publicKey: pad(curve.getPublicKey(), 65).toString("base64url"),
    privateKey: pad(curve.getPrivateKey(), 32).toString("base64url"),
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodedKey(name: string, key: string, length: number): void {
  if (!BASE64URL.test(key))
    throw new Error(`Vapid ${name} key must be a URL safe Base 64 (without "=")`);
  if (Buffer.from(key, "base64url").length !== length)
    throw new Error(`Vapid ${name} key should be ${length} bytes long when decoded.`);
}

/** Throws when a key or the subject would make web-push refuse to send (checked at start, not at the first push). */
export function checkVapidDetails(subject: string, publicKey: string, privateKey: string): void {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    throw new Error(`Vapid subject is not a valid URL. ${subject}`);
  }
  if (!["https:", "mailto:"].includes(url.protocol))
    throw new Error(`Vapid subject is not an https: or mailto: URL. ${subject}`);
  decodedKey("public", publicKey, 65);
  decodedKey("private", privateKey, 32);
  // A private key that is not a point's scalar on P-256 is refused here too.
  const curve = createECDH("prime256v1");
  curve.setPrivateKey(Buffer.from(privateKey, "base64url"));
}
