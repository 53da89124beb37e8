const MICROS_PER_UNIT = 1_000_000n;

/** `"12500000"` → `"12.50"`: micros (a digit string) as currency units, exactly. */
export function unitsOfMicros(micros: string): string {
  const value = BigInt(micros);
  const units = value / MICROS_PER_UNIT;
  const fraction = (value % MICROS_PER_UNIT).toString().padStart(6, "0").replace(/0+$/, "");
  return `${units}.${fraction.padEnd(2, "0")}`;
}

/** `"12.5"` → `"12500000"`, or undefined for anything but a plain amount (up to 6 decimals). */
export function microsOfUnits(text: string): string | undefined {
  const match = /^\s*(\d+)(?:\.(\d{1,6}))?\s*$/.exec(text);
  if (match === null) return undefined;
  const [, units = "0", fraction = ""] = match;
  return (BigInt(units) * MICROS_PER_UNIT + BigInt(fraction.padEnd(6, "0"))).toString();
}
