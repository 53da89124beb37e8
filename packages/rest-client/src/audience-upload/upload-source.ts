import { createReadStream } from "node:fs";
import { AUDIENCE_IDENTIFIER_KINDS } from "@adsgraph/models";
import type { AudienceIdentifierKind } from "@adsgraph/models";
import { hashAudienceUsers } from "./audience-hashing.js";
import type { AudienceUserInput, HashOptions, HashedAudienceUser } from "./audience-hashing.js";

/** One input record and, for a file, the byte offset just after its line. */
export interface SourceRecord {
  readonly value: string | AudienceUserInput;
  readonly end: number;
}

const NEWLINE = 0x0a;

/**
 * The lines of a file from byte `start`, streamed: a stream's async iterator reads on only as
 * the loop asks, so memory stays at one chunk (64 KiB) and one batch, whatever the file's size.
 * `\r\n` endings and a leading byte-order mark are accepted.
 */
export async function* fileRecords(file: string, start = 0): AsyncGenerator<SourceRecord> {
  const stream = createReadStream(file, { start, highWaterMark: 64 * 1024 });
  let pending: Buffer | undefined;
  let position = start; // file offset of the buffer's first byte
  let first = start === 0;
  const text = (buffer: Buffer, from: number, to: number) => {
    let line = buffer.toString("utf8", from, to);
    if (first) {
      line = line.replace(/^\uFEFF/, "");
      first = false;
    }
    return line.endsWith("\r") ? line.slice(0, -1) : line;
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const buffer = pending === undefined ? chunk : Buffer.concat([pending, chunk]);
    let from = 0;
    for (let nl = buffer.indexOf(NEWLINE); nl !== -1; nl = buffer.indexOf(NEWLINE, from)) {
      yield { value: text(buffer, from, nl), end: position + nl + 1 };
      from = nl + 1;
    }
    pending = from < buffer.length ? buffer.subarray(from) : undefined;
    position += from;
  }
  if (pending !== undefined) {
    yield { value: text(pending, 0, pending.length), end: position + pending.length };
  }
}

/** The items of an iterable after the first `skip` (those a saved progress acknowledged). */
export async function* iterableRecords(
  source: AsyncIterable<string | AudienceUserInput> | Iterable<string | AudienceUserInput>,
  skip: number,
): AsyncGenerator<SourceRecord> {
  let index = 0;
  for await (const value of source) {
    index += 1;
    if (index > skip) yield { value, end: 0 };
  }
}

/** A refused identifier: its kind and why, never its value. */
export interface Refusal {
  readonly kind: string;
  readonly reason: string;
}

export interface HashedRecord {
  /** The user to send, or undefined when nothing in the record was usable. */
  readonly user: HashedAudienceUser | undefined;
  readonly refused: readonly Refusal[];
}

const KINDS: ReadonlySet<string> = new Set(AUDIENCE_IDENTIFIER_KINDS);

/**
 * Reads one record: a line (or string) is one identifier of `kind`; a line starting with `{`
 * is a JSON object of kind → value or list of values (one user with several identifiers).
 * Kinds outside `allowed` (the do-not-reach list takes e-mails only) are refused by name.
 */
export function hashRecord(
  value: string | AudienceUserInput,
  kind: AudienceIdentifierKind,
  allowed: ReadonlySet<AudienceIdentifierKind>,
  options: HashOptions,
): HashedRecord {
  let input: Record<string, unknown>;
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "") return { user: undefined, refused: [{ kind, reason: "empty line" }] };
    if (trimmed.startsWith("{")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        parsed = undefined;
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        return { user: undefined, refused: [{ kind: "json", reason: "not a JSON object" }] };
      }
      input = parsed as Record<string, unknown>;
    } else {
      input = { [kind]: trimmed };
    }
  } else {
    input = value;
  }
  const refused: Refusal[] = [];
  const usable: AudienceUserInput = {};
  for (const [name, given] of Object.entries(input)) {
    if (!KINDS.has(name)) {
      refused.push({ kind: "unknown", reason: "not an identifier kind" });
    } else if (!allowed.has(name as AudienceIdentifierKind)) {
      refused.push({ kind: name, reason: "not accepted by this endpoint" });
    } else if (
      typeof given === "string" ||
      (Array.isArray(given) && given.every((v) => typeof v === "string"))
    ) {
      usable[name as AudienceIdentifierKind] = given;
    } else {
      refused.push({ kind: name, reason: "not a string or list of strings" });
    }
  }
  const hashed = hashAudienceUsers([usable], options);
  for (const r of hashed.rejected) refused.push({ kind: r.kind, reason: r.reason });
  return { user: hashed.users[0], refused };
}
