import { BadRequestError, ERROR_CODES } from "../errors.js";
import { hmacBase64url, safeEqual } from "../crypto/tokens.js";

/** How a sortable attribute is stored, so cursor values can be compared in SQL. */
export type SortValueType = "string" | "date" | "bigint" | "int" | "boolean";

export interface SortableField {
  /** The Prisma field name. */
  readonly field: string;
  readonly type: SortValueType;
  readonly nullable?: boolean;
}

/** Wire attribute (as in `sort_by=<attribute>-asc`) → stored field. */
export type Sortable = Readonly<Record<string, SortableField>>;

export interface SortSpec {
  readonly attribute: string;
  readonly direction: "asc" | "desc";
  readonly column: SortableField;
}

type Where = Record<string, unknown>;

const TAG_LENGTH = 22;

/**
 * spec §4.2 sort_by: `<attribute>-asc|desc`, the attribute one of the resource's sortable
 * attributes (a 400 names the allowed ones otherwise).
 */
export function resolveSort(
  sortBy: string | undefined,
  sortable: Sortable,
  fallback: string,
): SortSpec {
  const wanted = sortBy ?? fallback;
  // A scan, not a pattern: the text is the client's. Own keys only, so `__proto__-asc` or
  // `constructor-asc` names no attribute instead of Object.prototype's members.
  const dash = wanted.lastIndexOf("-");
  const attribute = wanted.slice(0, Math.max(dash, 0));
  const direction = wanted.slice(dash + 1);
  const column = Object.hasOwn(sortable, attribute) ? sortable[attribute] : undefined;
  if (dash <= 0 || (direction !== "asc" && direction !== "desc") || column === undefined) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `sort_by must be <attribute>-asc or <attribute>-desc with attribute one of ${Object.keys(sortable).join(", ")}`,
      "sort_by",
    );
  }
  return { attribute, direction, column };
}

/** Where the previous page ended: the last item's sort value and id. */
export interface CursorPosition {
  readonly value: unknown;
  readonly id: string;
}

interface CursorPayload {
  /** scope: the list (endpoint and parent) the cursor belongs to. */
  readonly k: string;
  /** sort, as `<attribute>-<direction>`. */
  readonly s: string;
  /** last sort value, JSON-safe (dates as ISO strings, bigints as strings). */
  readonly v: string | number | boolean | null;
  readonly i: string;
}

/**
 * Opaque cursors: base64url JSON of the keyset position with an HMAC tag, so a cursor is
 * only ever read as this service wrote it. Never an offset: inserts and deletes between pages
 * neither skip nor repeat items that existed throughout.
 */
export class CursorCodec {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    this.#key = key;
  }

  encode(scope: string, sort: SortSpec, position: CursorPosition): string {
    const payload: CursorPayload = {
      k: scope,
      s: `${sort.attribute}-${sort.direction}`,
      v: toJsonValue(position.value),
      i: position.id,
    };
    const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
    return `${body}${hmacBase64url(this.#key, body).slice(0, TAG_LENGTH)}`;
  }

  decode(cursor: string, scope: string, sort: SortSpec): CursorPosition {
    const body = cursor.slice(0, -TAG_LENGTH);
    const tag = cursor.slice(-TAG_LENGTH);
    const expected = hmacBase64url(this.#key, body).slice(0, TAG_LENGTH);
    if (body === "" || !safeEqual(tag, expected))
      throw invalidCursor("is not a cursor of this list");
    const payload = readPayload(body);
    if (payload.k !== scope) throw invalidCursor("belongs to another list");
    if (payload.s !== `${sort.attribute}-${sort.direction}`) {
      throw invalidCursor(`was made for sort_by=${payload.s}; send the same sort_by on every page`);
    }
    const value = fromJsonValue(payload.v, sort.column.type);
    if (value === undefined) throw invalidCursor("is not a cursor of this list");
    return { value, id: payload.i };
  }
}

function invalidCursor(why: string): BadRequestError {
  return BadRequestError.of(ERROR_CODES.INVALID_PARAMETER, `cursor ${why}`, "cursor");
}

/**
 * The payload of a cursor whose tag verified. Only this service writes those, but a cursor of
 * an earlier version or key must still be a 400, never a failed JSON.parse or a wrong type.
 */
function readPayload(body: string): CursorPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor("is not a cursor of this list");
  }
  const fields = (typeof payload === "object" && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  const v = fields.v;
  if (
    typeof fields.k !== "string" ||
    typeof fields.s !== "string" ||
    typeof fields.i !== "string" ||
    !(v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean")
  ) {
    throw invalidCursor("is not a cursor of this list");
  }
  return { k: fields.k, s: fields.s, v, i: fields.i };
}

function toJsonValue(value: unknown): CursorPayload["v"] {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return value;
  }
  throw new Error("unsupported sort value");
}

/** The stored value of a cursor's sort value; undefined when it does not fit the type. */
function fromJsonValue(value: CursorPayload["v"], type: SortValueType): unknown {
  if (value === null) return null;
  switch (type) {
    case "date": {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? undefined : date;
    }
    case "bigint":
      return /^-?\d{1,20}$/.test(String(value)) ? BigInt(String(value)) : undefined;
    case "int":
      return Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
    case "boolean":
      return value === true;
    case "string":
      return String(value);
  }
}

/** Prisma `orderBy` for a sort: the attribute, then the id (nulls always last). */
export function keysetOrderBy(sort: SortSpec): Where[] {
  const { field, nullable } = sort.column;
  if (field === "id") return [{ id: sort.direction }];
  const primary = nullable === true ? { sort: sort.direction, nulls: "last" } : sort.direction;
  return [{ [field]: primary }, { id: sort.direction }];
}

/** Prisma `where` for the rows after a position, in the sort's order. */
export function keysetWhere(sort: SortSpec, after: CursorPosition | undefined): Where {
  if (after === undefined) return {};
  const beyond = sort.direction === "asc" ? "gt" : "lt";
  const { field, nullable } = sort.column;
  if (field === "id") return { id: { [beyond]: after.id } };
  if (after.value === null) return { [field]: null, id: { [beyond]: after.id } };
  return {
    OR: [
      { [field]: { [beyond]: after.value } },
      { [field]: after.value, id: { [beyond]: after.id } },
      ...(nullable === true ? [{ [field]: null }] : []),
    ],
  };
}

export interface PageRequest {
  readonly scope: string;
  readonly sort: SortSpec;
  readonly count: number;
  readonly cursor: string | undefined;
}

export interface Page<Row> {
  readonly rows: Row[];
  readonly nextCursor: string | null;
}

/**
 * Runs one keyset page: asks for count + 1 rows after the cursor and makes the next cursor
 * from the last row returned when more exist.
 */
export async function fetchPage<Row extends { id: string }>(
  codec: CursorCodec,
  request: PageRequest,
  where: Where,
  findMany: (args: { where: Where; orderBy: Where[]; take: number }) => Promise<Row[]>,
): Promise<Page<Row>> {
  const after =
    request.cursor === undefined
      ? undefined
      : codec.decode(request.cursor, request.scope, request.sort);
  const rows = await findMany({
    where: { AND: [where, keysetWhere(request.sort, after)] },
    orderBy: keysetOrderBy(request.sort),
    take: request.count + 1,
  });
  if (rows.length <= request.count) return { rows, nextCursor: null };
  const page = rows.slice(0, request.count);
  const last = page[page.length - 1] as Row;
  const value = (last as Record<string, unknown>)[request.sort.column.field];
  return {
    rows: page,
    nextCursor: codec.encode(request.scope, request.sort, { value, id: last.id }),
  };
}
