import type { Db } from "../db/database.js";
import type { User } from "../generated/prisma/client.js";
import { newDigitId } from "../db/ids.js";
import { hashPassword, verifyPassword } from "../crypto/passwords.js";

export interface CreateUserInput {
  readonly screenName: string;
  readonly password: string;
  /** A long digit id; generated when absent (spec §2.1: user ids are digit strings). */
  readonly id?: string | undefined;
}

const SCREEN_NAME = /^[A-Za-z0-9_]{1,15}$/;
const DIGITS = /^[0-9]{1,20}$/;
/** Compared against when a screen name is unknown, so both paths cost one scrypt. */
let decoyHash: Promise<string> | undefined;

export async function createUser(db: Db, input: CreateUserInput): Promise<User> {
  if (!SCREEN_NAME.test(input.screenName)) {
    throw new Error("screen name must be 1 to 15 letters, digits or underscores");
  }
  if (input.password.length < 8) throw new Error("password must be at least 8 characters");
  const id = input.id ?? newDigitId();
  if (!DIGITS.test(id)) throw new Error("user id must be digits");
  return db.user.create({
    data: {
      id,
      screenName: input.screenName,
      screenNameLower: input.screenName.toLowerCase(),
      passwordHash: await hashPassword(input.password),
    },
  });
}

/**
 * The user of a screen name as typed on the authorize page or the CLI. A name no user can
 * have (createUser's rule) is answered without a query: the text might be one PostgreSQL
 * refuses (NUL), which would be a 500 for a caller who is not signed in.
 */
export async function findUserByScreenName(db: Db, screenName: string): Promise<User | null> {
  if (!SCREEN_NAME.test(screenName)) return null;
  return db.user.findUnique({ where: { screenNameLower: screenName.toLowerCase() } });
}

/** A user by digit id or screen name (CLI arguments accept either). */
export function findUser(db: Db, idOrScreenName: string): Promise<User | null> {
  return DIGITS.test(idOrScreenName)
    ? db.user.findUnique({ where: { id: idOrScreenName } })
    : findUserByScreenName(db, idOrScreenName);
}

/** The user whose screen name and password these are, or null. */
export async function checkCredentials(
  db: Db,
  screenName: string,
  password: string,
): Promise<User | null> {
  const user = await findUserByScreenName(db, screenName);
  // An unknown name, or one no user can have, costs the same scrypt: timing tells neither.
  if (user === null) {
    decoyHash ??= hashPassword("decoy password");
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}
