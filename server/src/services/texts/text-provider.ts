/** Sends one text message (SMS). Twilio when its keys are set; the local provider in development and tests. */
export interface TextMessage {
  /** E.164 (+447…). */
  to: string;
  /** One plain SMS segment (≤ 160 GSM characters). */
  body: string;
  /** The order it is about (the local provider records it). */
  orderId?: number | null;
}

export interface TextProvider {
  readonly name: "twilio" | "local";
  /** Resolves with the provider's message id; rejects when the provider refused or did not answer. */
  send(message: TextMessage): Promise<{ id: string }>;
}
