import { messageResponseSchema } from "@contract/common";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import { declareRoute, errorAnswer } from "../route-contract.js";

export const ACCOUNT_DELETED = "Your account has been deleted.";

/** /api/account: a customer deletes their account (name, email and phone go; their orders are cleared at once). */
export default async function accountRoutes(app: FastifyInstance) {
  declareRoute(
    app,
    "DELETE",
    "/",
    {
      operationId: "deleteAccount",
      summary:
        "Delete the signed-in customer's account: name, email and phone go, their orders' personal notes are cleared",
      tag: "Accounts",
      access: "user",
      responses: {
        200: { description: "Deleted; the token no longer works", schema: messageResponseSchema },
        403: errorAnswer("A staff account is removed by the park"),
      },
    },
    async (request) => {
      const user = requireUser(request);
      await app.services.privacy.deleteAccount(user);
      app.currentUsers.forget(user.id);
      return { message: ACCOUNT_DELETED };
    },
  );
}
