const MICROS = 1_000_000n;

/**
 * Micro units (digits, spec §2.1, beyond 2^53 possibly) as a decimal amount with at least two
 * decimals and no float rounding: `"12500000"` and `"USD"` → `12.50 USD`.
 */
export function formatMicros(micros: string, currency: string): string {
  if (!/^-?\d+$/.test(micros)) return `${micros} micros ${currency}`;
  const value = BigInt(micros);
  const sign = value < 0n ? "-" : "";
  const magnitude = value < 0n ? -value : value;
  const fraction = (magnitude % MICROS)
    .toString()
    .padStart(6, "0")
    .replace(/0{1,4}$/, "");
  return `${sign}${magnitude / MICROS}.${fraction.padEnd(2, "0")} ${currency}`;
}
