import fp from "fastify-plugin";
import type { BasketReady, OrderStatusChanged } from "../events.js";

/**
 * Web push listens to the domain events (it is never called directly). A status change is announced after
 * its transaction commits; sending starts on the next turn, so a slow or failing push service can neither
 * delay nor break the change. Pending sends finish before the server closes.
 */
export default fp(
  async (app) => {
    const pending = new Set<Promise<void>>();

    const send = async (event: OrderStatusChanged) => {
      try {
        const outcomes = await app.services.push.notifyOrderStatus(event);
        for (const outcome of outcomes) {
          if (outcome.result === "failed")
            app.log.warn({ orderId: event.orderId, ...outcome }, "push delivery failed");
          if (outcome.result === "removed")
            app.log.info(
              { orderId: event.orderId, ...outcome },
              "push subscription expired; removed",
            );
        }
      } catch (error) {
        app.log.error({ err: error, orderId: event.orderId }, "push notification failed");
      }
    };

    const onStatusChanged = (event: OrderStatusChanged) => {
      const task = new Promise<void>((resolve) => setImmediate(resolve)).then(() => send(event));
      pending.add(task);
      void task.finally(() => pending.delete(task));
    };

    const onBasketReady = (event: BasketReady) => {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => app.services.push.notifyBasketReady(event))
        .then(
          () => undefined,
          (error: unknown) => app.log.error({ err: error }, "basket-ready push failed"),
        );
      pending.add(task);
      void task.finally(() => pending.delete(task));
    };

    app.events.on("orderStatusChanged", onStatusChanged);
    app.events.on("basketReady", onBasketReady);
    app.addHook("onClose", async () => {
      app.events.off("orderStatusChanged", onStatusChanged);
      app.events.off("basketReady", onBasketReady);
      await Promise.allSettled([...pending]);
    });
  },
  { name: "push" },
);
