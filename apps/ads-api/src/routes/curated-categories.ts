import { accountOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import {
  createCuratedCategoryLink,
  deleteCuratedCategoryLink,
  getCuratedCategoryLink,
  listCuratedCategoryLinks,
  presentCuratedCategoryLink,
  updateCuratedCategoryLink,
} from "../services/curated-categories.js";

const DATA_TYPE = "line_item_curated_category";

/** spec §4.6 curated-category links of line items. */
export const curatedCategoryHandlers: AdsHandlers = {
  "line_item_curated_categories.list": async (call) =>
    cacheable(
      listOf(
        await listCuratedCategoryLinks(call.ctx, accountOf(call).id, call.params),
        presentCuratedCategoryLink,
        DATA_TYPE,
      ),
    ),
  "line_item_curated_categories.get": async (call) => {
    const { line_item_curated_category_id: id, with_deleted: withDeleted } = call.params;
    const row = await getCuratedCategoryLink(
      call.ctx,
      accountOf(call).id,
      id,
      withDeleted === true,
    );
    return single(presentCuratedCategoryLink(row), DATA_TYPE);
  },
  "line_item_curated_categories.create": async (call) => {
    const row = await createCuratedCategoryLink(call.ctx, accountOf(call).id, call.params);
    return single(presentCuratedCategoryLink(row), DATA_TYPE);
  },
  "line_item_curated_categories.update": async (call) => {
    const { line_item_curated_category_id: id, account_id: _account, ...input } = call.params;
    const row = await updateCuratedCategoryLink(call.ctx, accountOf(call).id, id, input);
    return single(presentCuratedCategoryLink(row), DATA_TYPE);
  },
  "line_item_curated_categories.delete": async (call) => {
    const id = call.params.line_item_curated_category_id;
    const row = await deleteCuratedCategoryLink(call.ctx, accountOf(call).id, id);
    return single(presentCuratedCategoryLink(row), DATA_TYPE);
  },
};
