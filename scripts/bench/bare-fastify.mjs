// The yardstick for the menu bench: Fastify's hello world alone in its own process (PORT from the env).
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.once("SIGTERM", () => app.close().then(() => process.exit(0)));
