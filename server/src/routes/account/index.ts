import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";

export const ACCOUNT_DELETED = "Your account has been deleted.";

/** /api/account: a customer deletes their account (name, email and phone go; their orders are cleared at once). */
export default async function accountRoutes(app: FastifyInstance) {
  app.delete("/", async (request) => {
    const user = requireUser(request);
    await app.services.privacy.deleteAccount(user);
    app.currentUsers.forget(user.id);
    return { message: ACCOUNT_DELETED };
  });
}
