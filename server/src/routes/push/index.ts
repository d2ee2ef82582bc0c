import { messageResponseSchema } from "@contract/common";
import {
  pushPublicKeyResponseSchema,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
} from "@contract/push";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import { declareRoute, errorAnswer } from "../route-contract.js";

/** /api/push: order updates as push notifications on this device. */
export default async function pushRoutes(app: FastifyInstance) {
  const push = app.services.push;

  declareRoute(
    app,
    "GET",
    "/public-key",
    {
      operationId: "pushPublicKey",
      summary: "The VAPID public key to subscribe with",
      tag: "Push",
      access: "public",
      responses: { 200: { description: "The key", schema: pushPublicKeyResponseSchema } },
    },
    async () => ({ publicKey: push.publicKey() }),
  );

  declareRoute(
    app,
    "POST",
    "/subscribe",
    {
      operationId: "pushSubscribe",
      summary: "Receive order updates as push notifications on this device",
      tag: "Push",
      access: "user",
      body: pushSubscribeRequestSchema,
      responses: {
        201: { description: "Subscribed", schema: messageResponseSchema },
        422: errorAnswer(
          "Notifications are already on in as many browsers as one customer may have",
        ),
      },
    },
    async (request, reply) => {
      await push.subscribe(requireUser(request).id, request.body);
      return reply.status(201).send({ message: "Subscribed to order updates" });
    },
  );

  declareRoute(
    app,
    "DELETE",
    "/subscribe",
    {
      operationId: "pushUnsubscribe",
      summary: "Stop push notifications on this device",
      tag: "Push",
      access: "user",
      body: pushUnsubscribeRequestSchema,
      responses: {
        200: { description: "Unsubscribed", schema: messageResponseSchema },
        404: errorAnswer("No such subscription of yours"),
      },
    },
    async (request) => {
      await push.unsubscribe(requireUser(request).id, request.body.endpoint);
      return { message: "Unsubscribed from order updates" };
    },
  );
}
