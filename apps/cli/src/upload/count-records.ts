import { createReadStream } from "node:fs";

const NEWLINE = 0x0a;

/**
 * Records (lines) in a file, as rest-client's upload reads them: one per `\n`, plus a last line
 * without one. A streamed pass, so the progress bar knows its total before the first batch.
 */
export async function countRecords(file: string): Promise<number> {
  let lines = 0;
  let lastByte: number | undefined;
  for await (const chunk of createReadStream(file, {
    highWaterMark: 256 * 1024,
  }) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1))
      lines += 1;
    if (chunk.length > 0) lastByte = chunk[chunk.length - 1];
  }
  return lastByte === undefined || lastByte === NEWLINE ? lines : lines + 1;
}
