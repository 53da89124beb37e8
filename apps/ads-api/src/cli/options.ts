import type { AppContext } from "../context.js";
import { findUser } from "../credentials/users.js";
import type { User } from "../generated/prisma/client.js";

/** Parsed options of one command: strings, booleans and repeated strings. */
export type Options = Readonly<Record<string, string | boolean | string[] | undefined>>;

export class UsageError extends Error {}

export function text(options: Options, name: string): string {
  const value = options[name];
  if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

export function optionalText(options: Options, name: string): string | undefined {
  const value = options[name];
  return typeof value === "string" ? value : undefined;
}

export function list(options: Options, name: string): string[] {
  const value = options[name];
  if (Array.isArray(value)) return value;
  return typeof value === "string" ? [value] : [];
}

export function integer(options: Options, name: string, fallback: number): number {
  const value = optionalText(options, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a non-negative integer`);
  return Number(value);
}

export async function user(ctx: AppContext, idOrName: string): Promise<User> {
  const found = await findUser(ctx.prisma, idOrName);
  if (found === null) throw new UsageError(`no user ${idOrName}`);
  return found;
}
