import type { ServerConfig } from "@server/config.js";
import { checkVapidDetails, generateVapidKeys } from "@server/lib/vapid-keys.js";
import { readOrCreateSecretFile } from "../auth/secrets.js";

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const VAPID_FILE = "vapid.json";

function parseKeyFile(text: string): { publicKey: string; privateKey: string } {
  const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== "string" || typeof parsed.privateKey !== "string") {
    throw new Error(`${VAPID_FILE} must hold publicKey and privateKey`);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** VAPID keys from the environment, else from DATA_DIR/vapid.json (created on first start, mode 600). */
export function resolveVapidDetails(
  config: Pick<ServerConfig, "dataDir" | "vapidPublicKey" | "vapidPrivateKey" | "vapidSubject">,
): VapidDetails {
  const subject = config.vapidSubject;
  let keys: { publicKey: string; privateKey: string };
  if (config.vapidPublicKey || config.vapidPrivateKey) {
    if (!config.vapidPublicKey || !config.vapidPrivateKey) {
      throw new Error(
        "Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (keys are then generated into DATA_DIR)",
      );
    }
    keys = { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  } else {
    keys = parseKeyFile(
      readOrCreateSecretFile(config.dataDir, VAPID_FILE, () => JSON.stringify(generateVapidKeys())),
    );
  }
  // Fails at start rather than at the first push if a key or the subject is malformed.
  checkVapidDetails(subject, keys.publicKey, keys.privateKey);
  return { ...keys, subject };
}
