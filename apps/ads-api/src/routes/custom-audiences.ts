import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { single } from "../services/results.js";
import { runCustomAudienceBatch } from "../services/custom-audience-batch.js";
import {
  createAudienceIn,
  deleteAudienceIn,
  updateAudienceIn,
  withAudienceWriter,
} from "../services/custom-audience-writes.js";
import {
  getCustomAudience,
  listCustomAudiences,
  presentAudience,
  presentAudiences,
} from "../services/custom-audiences.js";
import { listTargeted } from "../services/targeted-audiences.js";

const DATA_TYPE = "custom_audience";

/**
 * spec §4.8 custom audiences. No list here is `cacheable`: an account's list holds audiences
 * other accounts share with it (their grants and revocations change it), and sizes and
 * PROCESSING move with uploads and the clock.
 */
export const customAudienceHandlers: AdsHandlers = {
  "custom_audiences.list": async (call) => {
    const accountId = accountOf(call).id;
    const now = call.ctx.clock();
    const page = await listCustomAudiences(call.ctx, accountId, call.params, now);
    return {
      kind: "list",
      data: await presentAudiences(call.ctx.prisma, accountId, page.rows, now),
      nextCursor: page.nextCursor,
      totalCount: page.totalCount,
      dataType: DATA_TYPE,
    };
  },
  "custom_audiences.get": async (call) => {
    const accountId = accountOf(call).id;
    const row = await getCustomAudience(call.ctx, accountId, call.params.custom_audience_id);
    const data = await presentAudience(call.ctx.prisma, accountId, row, call.ctx.clock());
    return single(data, DATA_TYPE);
  },
  "custom_audiences.create": async (call) => {
    const accountId = accountOf(call).id;
    const { name, description } = call.params;
    const row = await withAudienceWriter(call.ctx, (writer) =>
      createAudienceIn(writer, accountId, { name, description, audienceType: "CRM" }),
    );
    const data = await presentAudience(call.ctx.prisma, accountId, row, call.ctx.clock());
    return single(data, DATA_TYPE);
  },
  "custom_audiences.update": async (call) => {
    const accountId = accountOf(call).id;
    const { custom_audience_id: id, name, description } = call.params;
    const row = await withAudienceWriter(call.ctx, (writer) =>
      updateAudienceIn(writer, accountId, id, { name, description }),
    );
    const data = await presentAudience(call.ctx.prisma, accountId, row, call.ctx.clock());
    return single(data, DATA_TYPE);
  },
  "custom_audiences.delete": async (call) => {
    const accountId = accountOf(call).id;
    const row = await withAudienceWriter(call.ctx, (writer) =>
      deleteAudienceIn(writer, accountId, call.params.custom_audience_id),
    );
    const data = await presentAudience(call.ctx.prisma, accountId, row, call.ctx.clock());
    return single(data, DATA_TYPE);
  },
  "custom_audiences.batch": (call) =>
    runCustomAudienceBatch(call.ctx, accountOf(call), call.params.operations),
  "custom_audiences.targeted.list": async (call) => {
    const { custom_audience_id: id, with_active, count, cursor } = call.params;
    const page = await listTargeted(
      call.ctx,
      accountOf(call).id,
      id,
      { with_active, count, cursor },
      call.ctx.clock(),
    );
    return { kind: "list", data: page.entries, nextCursor: page.nextCursor };
  },
};
