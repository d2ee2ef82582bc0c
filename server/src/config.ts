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
  /** Added to every non-empty cart and order, in pence (env SERVICE_CHARGE_PENCE). */
  serviceChargePence: number;
  /** Added to non-empty delivery carts and orders only, in pence (env DELIVERY_FEE_PENCE). */
  deliveryFeePence: number;
}

export const DEFAULT_SERVICE_CHARGE_PENCE = 50;
export const DEFAULT_DELIVERY_FEE_PENCE = 250;

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
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
    serviceChargePence: intFromEnv(env.SERVICE_CHARGE_PENCE, DEFAULT_SERVICE_CHARGE_PENCE, "SERVICE_CHARGE_PENCE"),
    deliveryFeePence: intFromEnv(env.DELIVERY_FEE_PENCE, DEFAULT_DELIVERY_FEE_PENCE, "DELIVERY_FEE_PENCE"),
  };
}
