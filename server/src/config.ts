import path from "node:path";
import {
  isUkPostcode,
  isValidVatNumber,
  normalisePostcode,
  normaliseVatNumber,
  POSTCODE_MESSAGE,
  VAT_NUMBER_MESSAGE,
} from "@contract/business";

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Real PostgreSQL when set; embedded PGlite in `dataDir` otherwise. */
  databaseUrl: string | undefined;
  /** Connections each node keeps to PostgreSQL (DATABASE_URL only). */
  databasePoolSize: number;
  jwtSecret: string | undefined;
  /** Where the built PWA lives; `undefined` serves no client (API only). */
  clientDir: string | undefined;
  /** Sign-in requests (any outcome, any email) allowed per address per minute: a flood guard. */
  loginRateLimitPerMinute: number;
  logLevel: string;
  /** Web push keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; generated into `dataDir/vapid.json` when unset. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services. */
  vapidSubject: string;
  /** Trust X-Forwarded-* from this many proxy hops (0: none) — the client IP decides login rate limits. */
  trustProxyHops: number;
  /** DVLA Vehicle Enquiry Service key; without one the built-in plate register answers. */
  dvlaApiKey: string | undefined;
  /** DVLA endpoint (tests point it at a local fake). */
  dvlaApiUrl: string;
  /** Stripe secret key; without one the local test payment provider takes card payments. */
  stripeSecretKey: string | undefined;
  /** Signing secret of the Stripe webhook endpoint (whsec_…). */
  stripeWebhookSecret: string | undefined;
  /** Stripe publishable key (pk_…): with the secret key, the payment screen loads Stripe.js for fraud signals. */
  stripePublishableKey: string | undefined;
  /** Where the Stripe SDK sends its calls (tests point it at a local fake); Stripe's own API by default. */
  stripeApi: {
    host?: string | undefined;
    port?: number | undefined;
    protocol?: "http" | "https" | undefined;
  };
  /** The app's public origin for payment return URLs (https://park.example); the request's origin when unset. */
  publicUrl: string | undefined;
  /** Added to every non-empty cart and order, in pence (env SERVICE_CHARGE_PENCE). */
  serviceChargePence: number;
  /** Added to non-empty delivery carts and orders only, in pence (env DELIVERY_FEE_PENCE). */
  deliveryFeePence: number;
  /** The park as a business, named on the receipt for its service charge (PARK_LEGAL_NAME, PARK_ADDRESS, …). */
  parkBusiness: ParkBusiness;
  /** Personal copies on orders older than this many days are cleared (PERSONAL_DATA_DAYS). */
  personalDataDays: number;
  /** How often each node looks for a due background job, in seconds (JOBS_CHECK_SECONDS). */
  jobsCheckSeconds: number;

  // --- Safe production defaults, timeouts and durability ---
  /** NODE_ENV=production: JWT_SECRET and PUBLIC_URL required, no demo data, no test payments unless asked. */
  production: boolean;
  /** Create the demo park (catalogue and demo accounts): always in development, with DEMO_DATA=1 in production. */
  demoData: boolean;
  /** Card payments without a Stripe key go to the local test checkout (and `source: "mock"` works). */
  paymentsTestMode: boolean;
  /** Whole request (headers and body) must arrive within this many ms (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** PostgreSQL: ms a query waits for a connection before the request answers 503 (DATABASE_CONNECT_TIMEOUT_MS). */
  databaseConnectTimeoutMs: number;
  /** Embedded database: flush every commit to disk (PGLITE_DURABLE=0 turns it off). */
  pgliteDurable: boolean;
  /**
   * Tests only: push endpoints on loopback/private addresses are allowed (in-process tests set it; the multi-node
   * test's processes set PUSH_ALLOW_PRIVATE_ENDPOINTS=1, which a production start refuses).
   */
  pushAllowPrivateEndpoints: boolean;

  // --- Several nodes and abuse limits ---
  /** REDIS_URL: shared live state (socket relay, rate limits, cross-node events); one node alone when unset. */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX: prefix of every Redis key and channel this park uses (several parks may share a Redis). */
  redisKeyPrefix: string;
  /** METRICS_TOKEN: `/metrics` (Prometheus) answers only a scrape carrying `Authorization: Bearer <it>`; unset: no /metrics. */
  metricsToken: string | undefined;
  /** REDIS_COMMAND_TIMEOUT_MS: longest a request waits on one Redis command; then it goes on without Redis. */
  redisCommandTimeoutMs: number;
  /** SOCKET_MAX_EVENTS_PER_MINUTE: events one socket may send per minute; then it is disconnected. */
  socketMaxEventsPerMinute: number;
  /** SOCKET_MAX_EVENTS_PER_USER_PER_MINUTE: events one user may send per minute over all their sockets. */
  socketMaxEventsPerUserPerMinute: number;
  /** SOCKET_MAX_CONNECTIONS_PER_USER: open sockets per signed-in user. */
  socketMaxConnectionsPerUser: number;
  /** SOCKET_MAX_CONNECTIONS_PER_ADDRESS: open sockets per client address. */
  socketMaxConnectionsPerAddress: number;
  /** Failed sign-ins one account (any address) may have within the window before it answers 429. */
  loginMaxFailuresPerAccount: number;
  /** Failed sign-ins one address (any email) may have within the window before it answers 429. */
  loginMaxFailuresPerAddress: number;
  /** The window of both failure counts, in minutes. */
  loginFailureWindowMinutes: number;
  /** Sign-ups per address per 10 minutes. */
  registerRateLimitPer10Minutes: number;
  /** Plate lookups per signed-in customer (or per address when signed out) per minute. */
  vehicleLookupRateLimitPerMinute: number;

  /**
   * Brand flag: a multi-trailer cash checkout is paid at one park till instead of each trailer's
   * counter (env CASH_AT_PARK_TILL=1); off by default.
   */
  cashAtParkTill: boolean;

  /** Text messages ("Text me when it's ready") through Twilio: all three set, or none (then no real texts). */
  twilioAccountSid: string | undefined;
  twilioAuthToken: string | undefined;
  twilioFrom: string | undefined;
  /** Where Twilio calls go (tests point it at a local fake); Twilio's own API by default. */
  twilioApiUrl: string | undefined;
  /** SMS_TEST_MODE: texts are recorded by the local provider (and listed at /api/test/texts); refused in production. */
  textsTestMode: boolean;
  /** READY_TEXT_SWEEP_MS: how often a node sends the ready texts that are due. */
  readyTextSweepMs: number;

  /** Caps against abuse and mistakes (docs/configuration.md). */
  orderLinesMax: number;
  orderQuantityMax: number;
  orderTotalMaxPence: number;
  pushSubscriptionsPerCustomerMax: number;
}

export const DEFAULT_ORDER_LINES_MAX = 30;
export const DEFAULT_ORDER_QUANTITY_MAX = 100;
export const DEFAULT_ORDER_TOTAL_MAX_PENCE = 50_000;
export const DEFAULT_PUSH_SUBSCRIPTIONS_PER_CUSTOMER_MAX = 10;

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_VAPID_SUBJECT = "mailto:food-park@example.com";

function flagFromEnv(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  throw new Error(`${name} must be 1 or 0`);
}

/** What a production start lacks; empty when it may start. Messages name the variable and the fix. */
export function productionProblems(config: ServerConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!config.jwtSecret) {
    problems.push(
      "JWT_SECRET is required when NODE_ENV=production (e.g. `openssl rand -base64 32`).",
    );
  } else if (config.jwtSecret.length < 32) {
    problems.push("JWT_SECRET must be at least 32 characters when NODE_ENV=production.");
  }
  if (!config.publicUrl) {
    problems.push(
      "PUBLIC_URL is required when NODE_ENV=production: the https address customers reach the app on.",
    );
  }
  if (config.metricsToken !== undefined && config.metricsToken.length < 24) {
    problems.push("METRICS_TOKEN must be at least 24 characters when NODE_ENV=production.");
    if (config.textsTestMode)
      problems.push(
        "SMS_TEST_MODE is for development and tests and is refused when NODE_ENV=production.",
      );
  }
  if (config.pushAllowPrivateEndpoints) {
    problems.push(
      "PUSH_ALLOW_PRIVATE_ENDPOINTS is for tests only and is refused when NODE_ENV=production.",
    );
  }
  return problems;
}

/** Refuses a production start that lacks what it needs, naming every problem at once. */
export function assertMayStart(config: ServerConfig): void {
  const problems = productionProblems(config);
  if (problems.length > 0)
    throw new Error(`Refusing to start in production:\n  ${problems.join("\n  ")}`);
}

export const DEFAULT_REDIS_KEY_PREFIX = "foodpark:";
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_MS = 2_000;
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 500;
export const DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
export const DEFAULT_LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const DEFAULT_LOGIN_RATE_LIMIT_PER_MINUTE = 300;
export const DEFAULT_REGISTER_RATE_LIMIT_PER_10_MINUTES = 60;
export const DEFAULT_VEHICLE_LOOKUP_RATE_LIMIT_PER_MINUTE = 60;

export const DEFAULT_SERVICE_CHARGE_PENCE = 50;
export const DEFAULT_PERSONAL_DATA_DAYS = 30;

/** The park's own business details: its receipts for the service charge. */
export interface ParkBusiness {
  legalName: string;
  address: string[];
  postcode: string | null;
  /** Null: the park is not VAT-registered (its receipt shows no VAT). */
  vatNumber: string | null;
}

function parkBusinessFromEnv(env: NodeJS.ProcessEnv): ParkBusiness {
  const vatNumber = env.PARK_VAT_NUMBER ? normaliseVatNumber(env.PARK_VAT_NUMBER) : null;
  if (vatNumber && !isValidVatNumber(vatNumber))
    throw new Error(`PARK_VAT_NUMBER ${VAT_NUMBER_MESSAGE}`);
  const postcode = env.PARK_POSTCODE ? normalisePostcode(env.PARK_POSTCODE) : null;
  if (postcode && !isUkPostcode(postcode)) throw new Error(`PARK_POSTCODE ${POSTCODE_MESSAGE}`);
  return {
    legalName: env.PARK_LEGAL_NAME || "Food Park",
    address: (env.PARK_ADDRESS ?? "")
      .split(";")
      .map((line) => line.trim())
      .filter(Boolean),
    postcode,
    vatNumber,
  };
}
export const DEFAULT_DELIVERY_FEE_PENCE = 250;
export const DEFAULT_DVLA_API_URL =
  "https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry/v1/vehicles";

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

function positiveIntFromEnv(value: string | undefined, fallback: number, name: string): number {
  const parsed = intFromEnv(value, fallback, name);
  if (parsed < 1) throw new Error(`${name} must be at least 1`);
  return parsed;
}

function redisUrlFromEnv(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  if (url.protocol !== "redis:" && url.protocol !== "rediss:")
    throw new Error("REDIS_URL must be a redis:// or rediss:// address");
  return value;
}

function protocolFromEnv(value: string | undefined): "http" | "https" | undefined {
  if (!value) return undefined;
  if (value !== "http" && value !== "https")
    throw new Error("STRIPE_API_PROTOCOL must be http or https");
  return value;
}

function publishableKeyFromEnv(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^pk_(test|live)_[A-Za-z0-9]+$/.test(value))
    throw new Error(
      "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)",
    );
  return value;
}

/** The key the payment screen loads Stripe.js with: only when card payments really go through Stripe. */
export const stripeJsKey = (
  config: Partial<Pick<ServerConfig, "stripeSecretKey" | "stripePublishableKey">>,
): string | null =>
  config.stripeSecretKey && config.stripePublishableKey ? config.stripePublishableKey : null;

function publicUrlFromEnv(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error("PUBLIC_URL must be an http(s) address");
  return url.origin;
}

/**
 * Connections to PostgreSQL per node. A purchase holds one for a few short round trips, so 10 in flight keep the
 * database busy; more only move the queue from the pool into PostgreSQL, where the extra transactions compete for
 * its cores (50 customers ordering at once, docs/performance.md: p99 83 ms on 10 against 97 ms on 20). Ten nodes
 * still fit a default PostgreSQL's 100 connections with room for maintenance.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** Every setting from the environment, each one defaulted here: the rest of the server reads no default. */
export function loadConfig(env: NodeJS.ProcessEnv, defaultClientDir?: string): ServerConfig {
  return {
    port: intFromEnv(env.PORT, 8080, "PORT"),
    host: env.HOST || "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR || ".data"),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: positiveIntFromEnv(
      env.DATABASE_POOL_SIZE,
      DEFAULT_DATABASE_POOL_SIZE,
      "DATABASE_POOL_SIZE",
    ),
    jwtSecret: env.JWT_SECRET || undefined,
    clientDir: env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : defaultClientDir,
    loginRateLimitPerMinute: positiveIntFromEnv(
      env.LOGIN_RATE_LIMIT_PER_MINUTE,
      DEFAULT_LOGIN_RATE_LIMIT_PER_MINUTE,
      "LOGIN_RATE_LIMIT_PER_MINUTE",
    ),
    logLevel: env.LOG_LEVEL || "info",
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT,
    trustProxyHops: intFromEnv(env.TRUST_PROXY_HOPS, 0, "TRUST_PROXY_HOPS"),
    dvlaApiKey: env.DVLA_API_KEY || undefined,
    dvlaApiUrl: env.DVLA_API_URL || DEFAULT_DVLA_API_URL,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripePublishableKey: publishableKeyFromEnv(env.STRIPE_PUBLISHABLE_KEY),
    stripeApi: {
      host: env.STRIPE_API_HOST || undefined,
      port: env.STRIPE_API_PORT
        ? intFromEnv(env.STRIPE_API_PORT, 443, "STRIPE_API_PORT")
        : undefined,
      protocol: protocolFromEnv(env.STRIPE_API_PROTOCOL),
    },
    publicUrl: publicUrlFromEnv(env.PUBLIC_URL),
    serviceChargePence: intFromEnv(
      env.SERVICE_CHARGE_PENCE,
      DEFAULT_SERVICE_CHARGE_PENCE,
      "SERVICE_CHARGE_PENCE",
    ),
    deliveryFeePence: intFromEnv(
      env.DELIVERY_FEE_PENCE,
      DEFAULT_DELIVERY_FEE_PENCE,
      "DELIVERY_FEE_PENCE",
    ),
    parkBusiness: parkBusinessFromEnv(env),
    personalDataDays: positiveIntFromEnv(
      env.PERSONAL_DATA_DAYS,
      DEFAULT_PERSONAL_DATA_DAYS,
      "PERSONAL_DATA_DAYS",
    ),
    jobsCheckSeconds: positiveIntFromEnv(env.JOBS_CHECK_SECONDS, 60, "JOBS_CHECK_SECONDS"),
    ...productionFromEnv(env),
    cashAtParkTill: env.CASH_AT_PARK_TILL === "1" || env.CASH_AT_PARK_TILL === "true",
    ...textsFromEnv(env),
    orderLinesMax: positiveIntFromEnv(
      env.ORDER_LINES_MAX,
      DEFAULT_ORDER_LINES_MAX,
      "ORDER_LINES_MAX",
    ),
    orderQuantityMax: positiveIntFromEnv(
      env.ORDER_QUANTITY_MAX,
      DEFAULT_ORDER_QUANTITY_MAX,
      "ORDER_QUANTITY_MAX",
    ),
    orderTotalMaxPence: positiveIntFromEnv(
      env.ORDER_TOTAL_MAX_PENCE,
      DEFAULT_ORDER_TOTAL_MAX_PENCE,
      "ORDER_TOTAL_MAX_PENCE",
    ),
    pushSubscriptionsPerCustomerMax: positiveIntFromEnv(
      env.PUSH_SUBSCRIPTIONS_PER_CUSTOMER_MAX,
      DEFAULT_PUSH_SUBSCRIPTIONS_PER_CUSTOMER_MAX,
      "PUSH_SUBSCRIPTIONS_PER_CUSTOMER_MAX",
    ),
    // --- Several nodes and abuse limits ---
    redisUrl: redisUrlFromEnv(env.REDIS_URL),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || DEFAULT_REDIS_KEY_PREFIX,
    metricsToken: env.METRICS_TOKEN || undefined,
    redisCommandTimeoutMs: positiveIntFromEnv(
      env.REDIS_COMMAND_TIMEOUT_MS,
      DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
      "REDIS_COMMAND_TIMEOUT_MS",
    ),
    ...socketLimitsFromEnv(env),
    loginMaxFailuresPerAccount: positiveIntFromEnv(
      env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT,
      "LOGIN_MAX_FAILURES_PER_ACCOUNT",
    ),
    loginMaxFailuresPerAddress: positiveIntFromEnv(
      env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS,
      "LOGIN_MAX_FAILURES_PER_ADDRESS",
    ),
    loginFailureWindowMinutes: positiveIntFromEnv(
      env.LOGIN_FAILURE_WINDOW_MINUTES,
      DEFAULT_LOGIN_FAILURE_WINDOW_MINUTES,
      "LOGIN_FAILURE_WINDOW_MINUTES",
    ),
    registerRateLimitPer10Minutes: positiveIntFromEnv(
      env.REGISTER_RATE_LIMIT_PER_10_MINUTES,
      DEFAULT_REGISTER_RATE_LIMIT_PER_10_MINUTES,
      "REGISTER_RATE_LIMIT_PER_10_MINUTES",
    ),
    vehicleLookupRateLimitPerMinute: positiveIntFromEnv(
      env.VEHICLE_LOOKUP_RATE_LIMIT_PER_MINUTE,
      DEFAULT_VEHICLE_LOOKUP_RATE_LIMIT_PER_MINUTE,
      "VEHICLE_LOOKUP_RATE_LIMIT_PER_MINUTE",
    ),
  };
}

/**
 * socket.io limits (realtime/socket-limits.ts says why): the app itself sends a few events a minute; a park's
 * shared Wi-Fi is one address.
 */
export const DEFAULT_SOCKET_LIMITS = {
  eventsPerMinute: 60,
  eventsPerUserPerMinute: 120,
  connectionsPerUser: 10,
  connectionsPerAddress: 500,
} as const;

function socketLimitsFromEnv(env: NodeJS.ProcessEnv) {
  const setting = (name: string, fallback: number) => positiveIntFromEnv(env[name], fallback, name);
  return {
    socketMaxEventsPerMinute: setting(
      "SOCKET_MAX_EVENTS_PER_MINUTE",
      DEFAULT_SOCKET_LIMITS.eventsPerMinute,
    ),
    socketMaxEventsPerUserPerMinute: setting(
      "SOCKET_MAX_EVENTS_PER_USER_PER_MINUTE",
      DEFAULT_SOCKET_LIMITS.eventsPerUserPerMinute,
    ),
    socketMaxConnectionsPerUser: setting(
      "SOCKET_MAX_CONNECTIONS_PER_USER",
      DEFAULT_SOCKET_LIMITS.connectionsPerUser,
    ),
    socketMaxConnectionsPerAddress: setting(
      "SOCKET_MAX_CONNECTIONS_PER_ADDRESS",
      DEFAULT_SOCKET_LIMITS.connectionsPerAddress,
    ),
  };
}

/** The socket limits in the realtime plugin's terms. */
export function socketLimitsOf(config: ServerConfig) {
  return {
    eventsPerMinute: config.socketMaxEventsPerMinute,
    eventsPerUserPerMinute: config.socketMaxEventsPerUserPerMinute,
    connectionsPerUser: config.socketMaxConnectionsPerUser,
    connectionsPerAddress: config.socketMaxConnectionsPerAddress,
  };
}

function textsFromEnv(env: NodeJS.ProcessEnv) {
  const twilio = {
    twilioAccountSid: env.TWILIO_ACCOUNT_SID || undefined,
    twilioAuthToken: env.TWILIO_AUTH_TOKEN || undefined,
    twilioFrom: env.TWILIO_FROM || undefined,
  };
  const set = Object.values(twilio).filter(Boolean).length;
  if (set !== 0 && set !== 3)
    throw new Error("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together");
  return {
    ...twilio,
    twilioApiUrl: env.TWILIO_API_URL || undefined,
    textsTestMode: flagFromEnv(env.SMS_TEST_MODE, "SMS_TEST_MODE") ?? env.NODE_ENV !== "production",
    readyTextSweepMs: positiveIntFromEnv(env.READY_TEXT_SWEEP_MS, 5_000, "READY_TEXT_SWEEP_MS"),
  };
}

function productionFromEnv(env: NodeJS.ProcessEnv) {
  const production = env.NODE_ENV === "production";
  return {
    production,
    demoData: flagFromEnv(env.DEMO_DATA, "DEMO_DATA") ?? !production,
    paymentsTestMode: flagFromEnv(env.PAYMENTS_TEST_MODE, "PAYMENTS_TEST_MODE") ?? !production,
    // 0 would switch Node's request deadline off: it means the default here.
    requestTimeoutMs:
      intFromEnv(env.REQUEST_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, "REQUEST_TIMEOUT_MS") ||
      DEFAULT_REQUEST_TIMEOUT_MS,
    pgliteDurable: flagFromEnv(env.PGLITE_DURABLE, "PGLITE_DURABLE") ?? true,
    databaseConnectTimeoutMs: positiveIntFromEnv(
      env.DATABASE_CONNECT_TIMEOUT_MS,
      DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
      "DATABASE_CONNECT_TIMEOUT_MS",
    ),
    pushAllowPrivateEndpoints:
      flagFromEnv(env.PUSH_ALLOW_PRIVATE_ENDPOINTS, "PUSH_ALLOW_PRIVATE_ENDPOINTS") ?? false,
  };
}
