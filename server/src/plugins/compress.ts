import zlib from "node:zlib";
import compress from "@fastify/compress";
import fp from "fastify-plugin";
import { COMPRESS_MIN_BYTES } from "../services/catalogue/catalogue.js";

/**
 * Compresses dynamic responses (API JSON) above 1 KB on the fly: brotli at a moderate quality (4: most of
 * the gain at a fraction of the cost of 11), else gzip, with `Vary: Accept-Encoding`. A reply that already
 * carries Content-Encoding (the static plugin's precompressed files, the catalogue's precompressed bodies)
 * is passed through untouched; socket.io never passes through Fastify's reply, so it is left alone.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_MIN_BYTES,
      encodings: ["br", "gzip"],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      // Clients never send compressed bodies: accepting them would only let a small request inflate.
      globalDecompression: false,
    });
  },
  { name: "compress" },
);
