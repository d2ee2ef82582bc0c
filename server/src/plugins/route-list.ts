import type { DeclaredRoute, HttpMethod } from "@server/routes/route-contract.js";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered (method and URL), for tests that must cover all of them. */
    routeList: { method: string; url: string }[];
    /** Every route that declares its contract (routes/route-contract.ts): the OpenAPI document is made of these. */
    declaredRoutes: DeclaredRoute[];
  }
}

/** Registered first: it sees every route registered after it. */
export default fp(
  async (app) => {
    const routeList: { method: string; url: string }[] = [];
    const declaredRoutes: DeclaredRoute[] = [];
    app.decorate("routeList", routeList);
    app.decorate("declaredRoutes", declaredRoutes);
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) {
        routeList.push({ method, url: route.url });
        const contract = route.config?.contract;
        // HEAD comes with GET: the document describes the GET.
        if (contract && method !== "HEAD")
          declaredRoutes.push({ method: method as HttpMethod, url: route.url, contract });
      }
    });
  },
  { name: "route-list" },
);
