export { orderStatusPayload } from "./payload.js";
export {
  createPushService,
  type DeliveryOutcome,
  PUSH_TTL_SECONDS,
  type PushRequest,
  type PushService,
  type PushTransport,
} from "./push-service.js";
export { resolveVapidDetails, type VapidDetails } from "./vapid.js";
