/**
 * graphql-js repeats a refused input value in its messages ("Variable "$users" got invalid
 * value 447700900123 at "users[0].phoneNumber[0]"; String cannot represent a non string value:
 * 447700900123"). A value may be a person's e-mail address or phone number (the audience users
 * mutations take them in clear), so no message repeats one: the variable, the path and the rule
 * stay, the value goes. Custom scalars and the facade's own messages never hold values.
 */

// Each phrase graphql-js puts before an echoed value (scalars, enums, literals), anchored.
const VALUE_SUFFIXES: readonly RegExp[] = [
  /^((?:String|Int|Float|Boolean|ID) cannot represent [^:]*value): [\s\S]*$/,
  /^(Enum "[^"]+" cannot represent non-string value): [\s\S]*$/,
  /^(Expected value of type "[^"]+"), found [\s\S]*$/,
];

/** A scalar's or literal's rule without the value it names. */
function withoutValue(message: string): string {
  for (const pattern of VALUE_SUFFIXES) {
    const match = pattern.exec(message);
    if (match?.[1] !== undefined) return `${match[1]}.`;
  }
  // An unknown enum value that is a GraphQL name (a literal's always is) stays: it names no
  // one, and its "Did you mean" help stays with it; any other value (a variable's) goes.
  const unknownEnum = /^Value "([\s\S]*)" does not exist in ("[^"]+" enum\.)/.exec(message);
  if (unknownEnum?.[2] !== undefined && !/^[_A-Za-z][_0-9A-Za-z]*$/.test(unknownEnum[1] ?? "")) {
    return `The value does not exist in ${unknownEnum[2]}`;
  }
  return message;
}

const VARIABLE = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)" got invalid value /;

/**
 * `message` without any input value graphql-js echoed in it. `inner` is the message of the
 * error a variable's coercion wraps (the GraphQLError's originalError), when there is one.
 */
export function withoutEchoedValues(message: string, inner?: string): string {
  const variable = VARIABLE.exec(message);
  if (variable === null) return withoutValue(message);
  const name = variable[1] ?? "";
  // `<prefix><value>[ at "<name><path>"]; <inner message>`: the inner message when known,
  // else what follows the path.
  let head = message;
  let tail: string | undefined;
  if (inner !== undefined && message.endsWith(`; ${inner}`)) {
    tail = inner;
    head = message.slice(0, -(inner.length + 2));
  }
  const at = head.lastIndexOf(` at "${name}`);
  if (tail === undefined && at !== -1) {
    const end = head.indexOf('"; ', at + 5);
    if (end !== -1) {
      tail = head.slice(end + 3);
      head = head.slice(0, end + 1);
    }
  }
  const path = at === -1 ? "" : head.slice(at);
  const pathOk = /^ at "[_0-9A-Za-z]+(?:\[\d+\]|\.[_0-9A-Za-z]+)*"$/.test(path);
  const rule = tail === undefined ? "" : `: ${withoutValue(tail)}`;
  return `Variable "$${name}" got an invalid value${pathOk ? path : ""}${rule}`;
}
