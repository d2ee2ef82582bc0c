import type { Schema, SchemaOutput } from "@contract/schema";
import { safeParse } from "zod/v4/core";

/**
 * A request the park's rules refuse. The message is what the user reads; which HTTP status carries it is the
 * error-handler plugin's business (plugins/error-handler.ts), never the service's.
 */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request itself is wrong: a missing field, an option that does not exist, a value out of range. */
export class InvalidInput extends DomainError {}

/** A well-formed field whose value the park cannot use (a number that is not a UK mobile): 422 naming it. */
export class UnusableField extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Nobody is signed in, the session has expired, or the email and password do not match. */
export class Unauthorized extends DomainError {
  constructor(message = "Please sign in to continue") {
    super(message);
  }
}

/** Signed in, but this account may not do that. */
export class Forbidden extends DomainError {
  constructor(message = "You do not have permission to do that") {
    super(message);
  }
}

/** What the request names does not exist, or is not the requester's to see. */
export class NotFound extends DomainError {}

/** The request is fine but the park's state refuses it now: a closed trailer, a sold-out dish, a race. */
export class Conflict extends DomainError {}

/** More than one request or one account may have: too many items in an order, too many browsers. */
export class LimitReached extends DomainError {}

/** An Idempotency-Key sent again with a different request than the one it first covered. */
export class KeyReused extends DomainError {}

/** Well-formed input naming something the server does not know (a field or key outside the contract). */
export class UnknownField extends DomainError {}

/** A card order whose payment has not been completed. */
export class PaymentIncomplete extends DomainError {}

/** Too many attempts: the caller may try again after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A part of the park that is switched off on this server (card payments without a provider). */
export class Unavailable extends DomainError {}

/** A service the park relies on (the payment provider) did not do what was asked. */
export class UpstreamFailed extends DomainError {}

/** Parses input with a contract schema; the first problem becomes InvalidInput naming the field. */
export function parseInput<S extends Schema>(schema: S, input: unknown): SchemaOutput<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".");
  const message = issue?.message ?? "Invalid request";
  if (issue?.code === "unrecognized_keys") throw new UnknownField(message);
  const generic = /^(Invalid input|Required|Expected)/i.test(message);
  throw new InvalidInput(generic && field ? `${field}: ${message}` : message);
}
