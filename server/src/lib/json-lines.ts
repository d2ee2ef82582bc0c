/**
 * Where each value of a JSON text starts: the line of every path (`trailers[0].categories[1].items[3].pricePence`),
 * so a schema's complaints can name the line to fix. Only for text JSON.parse accepted.
 */
export type JsonPath = readonly PropertyKey[];

export function pathText(path: JsonPath): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "(the whole file)";
}

/** Line (1-based) of every value in the text, by its path text; "" is the root. */
export function jsonLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;
  const skipSpace = () => {
    while (at < text.length) {
      const char = text[at]!;
      if (char === "\n") line += 1;
      else if (char !== " " && char !== "\t" && char !== "\r") return;
      at += 1;
    }
  };
  const readString = (): string => {
    const start = at;
    at += 1; // opening quote
    while (at < text.length && text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
    at += 1; // closing quote
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (path: PropertyKey[]) => {
    skipSpace();
    lines.set(pathText(path), line);
    const char = text[at];
    if (char === "{") {
      at += 1;
      skipSpace();
      if (text[at] === "}") {
        at += 1;
        return;
      }
      for (;;) {
        skipSpace();
        const keyLine = line;
        const key = readString();
        lines.set(pathText([...path, key]), keyLine);
        skipSpace();
        at += 1; // ':'
        value([...path, key]);
        // A field is named by its key's line, even when its value starts on a later one.
        lines.set(pathText([...path, key]), keyLine);
        skipSpace();
        if (text[at] === ",") {
          at += 1;
          continue;
        }
        at += 1; // '}'
        return;
      }
    }
    if (char === "[") {
      at += 1;
      skipSpace();
      if (text[at] === "]") {
        at += 1;
        return;
      }
      for (let index = 0; ; index += 1) {
        value([...path, index]);
        skipSpace();
        if (text[at] === ",") {
          at += 1;
          continue;
        }
        at += 1; // ']'
        return;
      }
    }
    if (char === '"') {
      readString();
      return;
    }
    while (at < text.length && !/[\s,\]}]/.test(text[at]!)) at += 1; // number, true, false, null
  };
  value([]);
  return lines;
}

/** The line of a path, or of its nearest ancestor the text has (a missing field: the object that lacks it). */
export function lineOf(lines: Map<string, number>, path: JsonPath): number {
  for (let length = path.length; length >= 0; length -= 1) {
    const found = lines.get(pathText(path.slice(0, length)));
    if (found !== undefined) return found;
  }
  return 1;
}

/** Line and column of a JSON.parse failure, from its message's position when it gives one. */
export function syntaxErrorLine(text: string, error: unknown): number {
  const message = error instanceof Error ? error.message : "";
  const position = /position (\d+)/.exec(message)?.[1];
  if (position === undefined) {
    const lineMatch = /line (\d+)/.exec(message)?.[1];
    return lineMatch ? Number(lineMatch) : 1;
  }
  return text.slice(0, Number(position)).split("\n").length;
}

/**
 * The first object or array nested deeper than `max` (its line and path), or null. One pass without recursion, so
 * a file of 100,000 opening brackets is answered, not a stack overflow; text that is not JSON is left to the parser.
 */
export function deeperThan(text: string, max: number): { line: number; path: JsonPath } | null {
  // Per open container: its path key so far (the last key read in an object, the index in an array).
  const path: PropertyKey[] = [];
  const kinds: ("{" | "[")[] = [];
  let line = 1;
  let lastString: string | null = null;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char === "\n") line += 1;
    else if (char === '"') {
      const start = at;
      at += 1;
      while (at < text.length && text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
      try {
        lastString = JSON.parse(text.slice(start, at + 1)) as string;
      } catch {
        lastString = text.slice(start + 1, at);
      }
    } else if (char === ":" && kinds.at(-1) === "{") {
      path[path.length - 1] = lastString ?? "";
    } else if (char === "," && kinds.at(-1) === "[") {
      path[path.length - 1] = (path.at(-1) as number) + 1;
    } else if (char === "{" || char === "[") {
      if (kinds.length >= max) return { line, path: path.slice() };
      kinds.push(char);
      path.push(char === "[" ? 0 : "");
    } else if (char === "}" || char === "]") {
      kinds.pop();
      path.pop();
    }
  }
  return null;
}
