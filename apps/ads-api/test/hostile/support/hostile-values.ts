/**
 * The hostile inputs of issue 12, each with a label a failing case prints. Values are what a
 * careless or malicious client sends; `raw` ones are percent-encoded bytes sent as they are.
 */
export interface HostileValue {
  readonly label: string;
  /** The decoded value (sent encoded by the client). */
  readonly value?: string;
  /** Bytes for the query string exactly as sent (invalid UTF-8 cannot be a JS string). */
  readonly raw?: string;
}

/** C0 controls other than tab, line feed and carriage return, which some text may hold. */
export const C0_CONTROLS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u001f",
] as const;

export function controlName(char: string): string {
  return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * The longest value a query string can carry here: Node refuses a request head over 16 KiB
 * (431), and the path and the signed Authorization header take the rest.
 */
export const LONGEST_QUERY_VALUE = 14_000;

/** Values for any query or path parameter: each must be refused with a 400 naming it. */
export function queryHostileValues(rotation: number): HostileValue[] {
  const control = C0_CONTROLS[1 + (rotation % (C0_CONTROLS.length - 1))] ?? "\u0001";
  return [
    { label: "NUL inside", value: "ab\u0000cd" },
    { label: `${controlName(control)} inside`, value: `ab${control}cd` },
    { label: "invalid UTF-8 (an encoded lone surrogate)", raw: "%ED%A0%80" },
    { label: `${LONGEST_QUERY_VALUE} characters`, value: "a".repeat(LONGEST_QUERY_VALUE) },
  ];
}

/** Strings a JSON body can carry that no database text column should get. */
export const JSON_STRING_HOSTILE: readonly HostileValue[] = [
  { label: "NUL", value: "ab\u0000cd" },
  { label: "U+001B", value: "ab\u001bcd" },
  { label: "lone high surrogate", value: "ab\ud800cd" },
  { label: "lone low surrogate", value: "ab\udc00cd" },
  { label: "reversed surrogate pair", value: "ab\udc00\ud800cd" },
  { label: "100 KB", value: "a".repeat(100_000) },
];

/** JSON values of the wrong type for a string field. */
export const WRONG_TYPES: readonly { readonly label: string; readonly value: unknown }[] = [
  { label: "a number", value: 12 },
  { label: "an array", value: ["x"] },
  { label: "an object", value: { value: "x" } },
  { label: "null", value: null },
  { label: "a boolean", value: true },
];

/** Names that are properties of every JavaScript object. */
export const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "valueOf",
] as const;

/**
 * An ordinary unknown name shaped like `name` (its last letter changed): what a prototype name
 * must be handled like (`__proto__` → `__proto_x`, `toString` → `toStrinx`).
 */
export function lookalikeOf(name: string): string {
  return `${name.slice(0, -1)}${name.endsWith("x") ? "y" : "x"}`;
}

/** sort_by values naming no attribute of the resource (prototype names above all). */
export const SORT_BY_HOSTILE = [
  "__proto__-asc",
  "constructor-desc",
  "prototype-asc",
  "hasOwnProperty-desc",
  "toString-asc",
  "name.__proto__-asc",
  "no_such_attribute-asc",
] as const;
