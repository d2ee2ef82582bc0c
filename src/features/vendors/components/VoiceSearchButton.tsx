import { useEffect, useRef, useState } from "react";
import { Icon } from "@/components/Icon";
import {
  type SpeechRecognitionLike,
  speechRecognitionConstructor,
  transcriptOf,
} from "../lib/speech";

export const VOICE_UNAVAILABLE =
  "Voice search is not available on this device. Type what you're looking for.";

/**
 * Fills the menu search by voice (en-GB). The button is there in every browser (the spec's voice-search button);
 * where the browser has no speech recognition (many Android web views) a tap says so.
 */
export function VoiceSearchButton({ onTranscript }: { onTranscript: (text: string) => void }) {
  const [Recognition] = useState(() => speechRecognitionConstructor());
  const [listening, setListening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const recognizer = useRef<SpeechRecognitionLike | null>(null);

  useEffect(() => () => recognizer.current?.abort(), []);

  const start = () => {
    setProblem(null);
    if (!Recognition) {
      setProblem(VOICE_UNAVAILABLE);
      return;
    }
    const recognition = new Recognition();
    recognition.lang = "en-GB";
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.continuous = false;
    recognition.onresult = (event) => {
      const text = transcriptOf(event);
      if (text) onTranscript(text);
    };
    recognition.onerror = (event) => {
      setProblem(
        event.error === "not-allowed"
          ? "Microphone access was blocked."
          : "Didn't catch that. Please try again.",
      );
    };
    recognition.onend = () => setListening(false);
    recognizer.current = recognition;
    try {
      recognition.start();
      setListening(true);
    } catch {
      setProblem("Voice search is not available right now.");
    }
  };

  return (
    <>
      <button
        type="button"
        className={`icon-btn voice-btn${listening ? " voice-btn--on" : ""}`}
        aria-label={listening ? "Stop voice search" : "Search by voice"}
        aria-pressed={listening}
        onClick={() => (listening ? recognizer.current?.stop() : start())}
      >
        <Icon name="mic" size={20} />
      </button>
      <span className="voice-status" role="status">
        {listening ? "Listening…" : problem ? <span data-shown-error="">{problem}</span> : ""}
      </span>
    </>
  );
}
