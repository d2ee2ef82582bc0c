import type { FastifyRequest } from "fastify";
import { InvalidInput } from "../domain-errors.js";

/**
 * Without PUBLIC_URL (development only: production refuses to start without it) the return address comes from
 * the request, but only for a Host a developer can mean: localhost, an IP address or a `.local` name. Any other
 * claimed Host (`evil.example`) could send the customer to someone else's page after paying: refused.
 */
const DEV_HOST =
  /^(localhost|\[[0-9a-f:.]+\]|\d{1,3}(\.\d{1,3}){3}|[a-z0-9-]+\.local)(:\d{1,5})?$/i;
export function requestOrigin(request: FastifyRequest): string {
  if (!DEV_HOST.test(request.host)) {
    throw new InvalidInput(
      "This server does not know its public address for payment links: set PUBLIC_URL.",
    );
  }
  return `${request.protocol}://${request.host}`;
}
