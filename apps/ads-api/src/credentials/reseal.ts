import type { AppContext } from "../context.js";

/**
 * After a key rotation (a new key first in ADS_API_SECRET_KEY, old keys kept after it),
 * re-seals every stored secret under the current key; then the old keys can be dropped.
 * Returns how many values were re-sealed.
 */
export async function resealSecrets(ctx: AppContext): Promise<number> {
  const { box, prisma } = ctx;
  let count = 0;
  for (const app of await prisma.app.findMany({ select: { id: true, consumerSecretEnc: true } })) {
    if (!box.isStale(app.consumerSecretEnc)) continue;
    await prisma.app.update({
      where: { id: app.id },
      data: { consumerSecretEnc: box.seal(box.open(app.consumerSecretEnc)) },
    });
    count += 1;
  }
  for (const token of await prisma.accessToken.findMany({
    select: { tokenHash: true, secretEnc: true },
  })) {
    if (!box.isStale(token.secretEnc)) continue;
    await prisma.accessToken.update({
      where: { tokenHash: token.tokenHash },
      data: { secretEnc: box.seal(box.open(token.secretEnc)) },
    });
    count += 1;
  }
  for (const token of await prisma.requestToken.findMany({
    select: { tokenHash: true, secretEnc: true },
  })) {
    if (!box.isStale(token.secretEnc)) continue;
    await prisma.requestToken.update({
      where: { tokenHash: token.tokenHash },
      data: { secretEnc: box.seal(box.open(token.secretEnc)) },
    });
    count += 1;
  }
  for (const bearer of await prisma.bearerToken.findMany({
    select: { appId: true, tokenEnc: true },
  })) {
    if (!box.isStale(bearer.tokenEnc)) continue;
    await prisma.bearerToken.update({
      where: { appId: bearer.appId },
      data: { tokenEnc: box.seal(box.open(bearer.tokenEnc)) },
    });
    count += 1;
  }
  return count;
}
