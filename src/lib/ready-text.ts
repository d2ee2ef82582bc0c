import {
  type ReadyTextSettings,
  type ReadyTextSettingsInput,
  readyTextSettingsResponseSchema,
} from "@contract/text-alerts";
import { api } from "./api-client";

/** "Text me when it's ready": the customer's mobile and opt-in, kept by the server (Profile and checkout). */
export const readyTextKey = ["ready-text"] as const;

export const fetchReadyText = (signal?: AbortSignal): Promise<ReadyTextSettings> =>
  api.get("/profile/ready-text", readyTextSettingsResponseSchema, { signal });

export const saveReadyText = (input: ReadyTextSettingsInput): Promise<ReadyTextSettings> =>
  api.put("/profile/ready-text", input, readyTextSettingsResponseSchema);

/** The server's 422 names its field ('mobile: Enter a UK mobile…'): the field shows the words after the name. */
export const fieldMessage = (message: string) => message.replace(/^mobile:\s*/, "");
