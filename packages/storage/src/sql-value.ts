/** A value a raw statement may bind: both drivers send these as text the server casts. */
export type SqlValue = string | number | boolean | Date | null;
