/** Entry of `npm run park:import -- park.json [--check] [--by staff-email]` (see park-import-command.ts). */
import { runParkImport } from "./park-import-command.js";

process.exitCode = await runParkImport(process.argv.slice(2), process.env);
