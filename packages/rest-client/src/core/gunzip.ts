import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import type { Decoded } from "./response.js";

const gunzipAsync = promisify(gunzip);

/**
 * The most a binary answer may decompress to (64 MiB): a job's result file of 20 entities ×
 * 90 days of hours is a few MiB, and a hostile or broken file host could send a gzip bomb.
 */
export const DEFAULT_MAX_DECOMPRESSED_BYTES = 64 * 1024 * 1024;

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * The text of a binary answer (`IncomingAnswer.bytes`): gunzipped when it starts with the gzip
 * magic bytes, never to more than `maxBytes` (the zlib stream stops there), else read as UTF-8.
 */
export async function binaryAnswerText(bytes: Uint8Array, maxBytes: number): Promise<Decoded> {
  if (!isGzip(bytes)) return { ok: true, value: Buffer.from(bytes).toString("utf8") };
  try {
    const text = await gunzipAsync(bytes, { maxOutputLength: maxBytes });
    return { ok: true, value: text.toString("utf8") };
  } catch (error) {
    const tooLarge = (error as { code?: unknown } | null)?.code === "ERR_BUFFER_TOO_LARGE";
    return {
      ok: false,
      problem: tooLarge
        ? `answered with a gzip body of more than ${maxBytes} bytes decompressed (maxDecompressedBytes)`
        : "answered with a gzip body that does not decompress",
    };
  }
}
