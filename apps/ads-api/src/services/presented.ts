/**
 * A resource as a presenter writes it: the fields its catalog schema names, and no other. The
 * schemas read loosely (they keep fields they do not name), which would let a presenter add a
 * field or misspell an optional one unnoticed; typed by this, it cannot, nor miss a required one.
 */
export type Presented<Resource> = {
  [Field in keyof Resource as string extends Field ? never : Field]: Resource[Field];
};

/**
 * A stored value of one of the contract's closed enums. Rows hold only values the catalog
 * admitted on write, so any other is a bug (or a row no migration converted): an error, never
 * an answer the contract refuses.
 */
export function storedEnum<const Value extends string>(
  values: readonly Value[],
  stored: string,
): Value {
  const found = values.find((value) => value === stored);
  if (found === undefined) {
    throw new Error(`stored value ${JSON.stringify(stored)} is none of ${values.join(", ")}`);
  }
  return found;
}

/** spec §2.1's fields of every advertising resource, for records whose schema leaves them out. */
export type AdvertisingFields = {
  id: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
};
