import { pushSubscribeRequestSchema, pushUnsubscribeRequestSchema } from "@contract/push";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";

export default async function pushRoutes(app: FastifyInstance) {
  const push = app.services.push;

  app.get("/public-key", async () => ({ publicKey: push.publicKey() }));

  app.post("/subscribe", async (request, reply) => {
    const user = requireUser(request);
    await push.subscribe(user.id, parseInput(pushSubscribeRequestSchema, request.body));
    return reply.status(201).send({ message: "Subscribed to order updates" });
  });

  app.delete("/subscribe", async (request) => {
    const user = requireUser(request);
    const { endpoint } = parseInput(pushUnsubscribeRequestSchema, request.body);
    await push.unsubscribe(user.id, endpoint);
    return { message: "Unsubscribed from order updates" };
  });
}
