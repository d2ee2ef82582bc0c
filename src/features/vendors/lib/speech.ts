/** The slice of the Web Speech API the menu's voice search uses (not in TypeScript's DOM types everywhere). */
export interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's recognizer, standard or webkit-prefixed; null where there is none (the button is then hidden). */
export function speechRecognitionConstructor(
  scope: object | undefined = typeof window === "undefined" ? undefined : window,
): SpeechRecognitionConstructor | null {
  const candidate = scope as
    | {
        SpeechRecognition?: SpeechRecognitionConstructor;
        webkitSpeechRecognition?: SpeechRecognitionConstructor;
      }
    | undefined;
  return candidate?.SpeechRecognition ?? candidate?.webkitSpeechRecognition ?? null;
}

/** The best transcript of a result event, trimmed. */
export function transcriptOf(event: {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}): string {
  const parts: string[] = [];
  for (let index = 0; index < event.results.length; index += 1)
    parts.push(event.results[index]?.[0]?.transcript ?? "");
  return parts.join(" ").replace(/\s+/g, " ").trim();
}
