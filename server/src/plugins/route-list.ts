import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered (method and URL), for tests that must cover all of them. */
    routeList: { method: string; url: string }[];
  }
}

/** Registered first: it sees every route registered after it. */
export default fp(
  async (app) => {
    const routeList: { method: string; url: string }[] = [];
    app.decorate("routeList", routeList);
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
    });
  },
  { name: "route-list" },
);
