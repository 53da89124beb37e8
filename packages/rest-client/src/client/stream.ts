import type { MessageStream } from "../core/call-types.js";

/**
 * Newline-delimited JSON messages of a persistent stream (spec §6). Blank lines are
 * keep-alives and skipped; `parse` decodes and checks each line. Leaving the loop closes the stream.
 */
export function messageStream<T>(
  body: AsyncIterable<Uint8Array>,
  close: () => void,
  parse: (line: string) => T,
): MessageStream<T> {
  async function* messages(): AsyncGenerator<T, void, undefined> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let newline = buffer.indexOf("\n");
        while (newline >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (line !== "") yield parse(line);
          newline = buffer.indexOf("\n");
        }
      }
      const rest = (buffer + decoder.decode()).trim();
      if (rest !== "") yield parse(rest);
    } finally {
      close();
    }
  }
  return {
    [Symbol.asyncIterator]: () => messages(),
    close,
  };
}
