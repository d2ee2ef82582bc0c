import path from "node:path";

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Real PostgreSQL when set; embedded PGlite in `dataDir` otherwise. */
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** Where the built PWA lives; `undefined` serves no client (API only). */
  clientDir: string | undefined;
  /** Failed or successful logins allowed per IP and email per minute. */
  loginRateLimitPerMinute: number;
  logLevel: string;
  /** Web push keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; generated into `dataDir/vapid.json` when unset. */
  vapidPublicKey?: string | undefined;
  vapidPrivateKey?: string | undefined;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services. */
  vapidSubject?: string | undefined;
  /** Trust X-Forwarded-* from this many proxy hops (0: none) — the client IP decides login rate limits. */
  trustProxyHops: number;
  /** DVLA Vehicle Enquiry Service key; without one the built-in plate register answers. */
  dvlaApiKey?: string | undefined;
  /** DVLA endpoint (tests point it at a local fake). */
  dvlaApiUrl?: string | undefined;
  /** Stripe secret key; without one the local test payment provider takes card payments. */
  stripeSecretKey?: string | undefined;
  /** Signing secret of the Stripe webhook endpoint (whsec_…). */
  stripeWebhookSecret?: string | undefined;
  /** Where the Stripe SDK sends its calls (tests point it at a local fake); Stripe's own API by default. */
  stripeApi?: { host?: string | undefined; port?: number | undefined; protocol?: "http" | "https" | undefined } | undefined;
  /** The app's public origin for payment return URLs (https://park.example); the request's origin when unset. */
  publicUrl?: string | undefined;
  /** Added to every non-empty cart and order, in pence (env SERVICE_CHARGE_PENCE). */
  serviceChargePence: number;
  /** Added to non-empty delivery carts and orders only, in pence (env DELIVERY_FEE_PENCE). */
  deliveryFeePence: number;
  /**
   * Brand flag (issue 16): a multi-trailer cash checkout is paid at one park till instead of each trailer's
   * counter (env CASH_AT_PARK_TILL=1). Optional so older configs keep working; off by default.
   */
  cashAtParkTill?: boolean | undefined;
}

export const DEFAULT_SERVICE_CHARGE_PENCE = 50;
export const DEFAULT_DELIVERY_FEE_PENCE = 250;
export const DEFAULT_DVLA_API_URL = "https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry/v1/vehicles";

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

function protocolFromEnv(value: string | undefined): "http" | "https" | undefined {
  if (!value) return undefined;
  if (value !== "http" && value !== "https") throw new Error("STRIPE_API_PROTOCOL must be http or https");
  return value;
}

function publicUrlFromEnv(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("PUBLIC_URL must be an http(s) address");
  return url.origin;
}

export function configFromEnv(env: NodeJS.ProcessEnv, defaultClientDir?: string): ServerConfig {
  return {
    port: intFromEnv(env.PORT, 8080, "PORT"),
    host: env.HOST || "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR || ".data"),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    clientDir: env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : defaultClientDir,
    loginRateLimitPerMinute: intFromEnv(env.LOGIN_RATE_LIMIT_PER_MINUTE, 10, "LOGIN_RATE_LIMIT_PER_MINUTE"),
    logLevel: env.LOG_LEVEL || "info",
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || undefined,
    trustProxyHops: intFromEnv(env.TRUST_PROXY_HOPS, 0, "TRUST_PROXY_HOPS"),
    dvlaApiKey: env.DVLA_API_KEY || undefined,
    dvlaApiUrl: env.DVLA_API_URL || DEFAULT_DVLA_API_URL,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApi: {
      host: env.STRIPE_API_HOST || undefined,
      port: env.STRIPE_API_PORT ? intFromEnv(env.STRIPE_API_PORT, 443, "STRIPE_API_PORT") : undefined,
      protocol: protocolFromEnv(env.STRIPE_API_PROTOCOL),
    },
    publicUrl: publicUrlFromEnv(env.PUBLIC_URL),
    serviceChargePence: intFromEnv(env.SERVICE_CHARGE_PENCE, DEFAULT_SERVICE_CHARGE_PENCE, "SERVICE_CHARGE_PENCE"),
    deliveryFeePence: intFromEnv(env.DELIVERY_FEE_PENCE, DEFAULT_DELIVERY_FEE_PENCE, "DELIVERY_FEE_PENCE"),
    cashAtParkTill: env.CASH_AT_PARK_TILL === "1" || env.CASH_AT_PARK_TILL === "true",
  };
}
