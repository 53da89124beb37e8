/** Distinct operation names kept as label values; names seen after them are counted as `other`. */
export const MAX_OPERATION_NAMES = 200;
/** Longer names are cut: a label value's size must not depend on what a client sends. */
export const MAX_OPERATION_NAME_LENGTH = 64;

/** The label of an operation without a name. */
export const ANONYMOUS = "anonymous";
/** The label of a request whose operation could not be told (unparsable, no such operation). */
export const UNKNOWN = "unknown";
/** The label of every name past the first `max` distinct ones. */
export const OTHER = "other";

/**
 * Operation names as metric labels, bounded: clients choose the names, so only the first `max`
 * distinct ones (cut to MAX_OPERATION_NAME_LENGTH) become labels of their own, for the life
 * of the process, and every later one is `other`. Without the bound a client sending ever new
 * names would grow every series of the registry without end.
 */
export function createOperationLabels(
  max = MAX_OPERATION_NAMES,
): (name: string | undefined) => string {
  const known = new Set<string>();
  return (name) => {
    if (name === undefined) return UNKNOWN;
    const label =
      name.length > MAX_OPERATION_NAME_LENGTH ? name.slice(0, MAX_OPERATION_NAME_LENGTH) : name;
    if (known.has(label)) return label;
    if (known.size >= max) return OTHER;
    known.add(label);
    return label;
  };
}
