import { CombinedGraphQLErrors } from "@apollo/client";
import { skipToken, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { deliveryByCampaign } from "./campaign-delivery.js";
import { CampaignRow } from "./campaign-row.js";
import { AccountCampaignsQuery, CampaignDeliveryQuery } from "./documents.js";
import { lastDays } from "./metrics-range.js";

/** Campaigns per page: small, so "load more" shows paging on the demo data. */
export const PAGE_SIZE = 2;

/** Days of delivery each campaign's chart shows. */
export const CHART_DAYS = 7;

/**
 * One line for a failed query: a metrics failure comes back once per campaign, usually the
 * same message each time, so the first says it and the rest are counted.
 */
function firstMessage(error: Error): string {
  if (!CombinedGraphQLErrors.is(error)) return error.message;
  const [first] = error.errors;
  const more = error.errors.length > 1 ? ` (${error.errors.length} errors)` : "";
  return `${first?.message ?? error.message}${more}`;
}

export function CampaignList({ accountId }: { accountId: string }) {
  const { data, error, loading, fetchMore } = useQuery(AccountCampaignsQuery, {
    variables: { accountId, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const account = data?.node?.__typename === "Account" ? data.node : undefined;
  const connection = account?.campaigns;
  const campaigns = connection?.edges.map((edge) => edge.node) ?? [];
  // Fixed while the list is open: the same range for every page, so pages already charted are
  // answered from the facade's kept numbers.
  const [range] = useState(() => lastDays(CHART_DAYS, Date.now()));
  const ids = campaigns.map((campaign) => campaign.id);
  const delivery = useQuery(
    CampaignDeliveryQuery,
    ids.length === 0 ? skipToken : { variables: { ids, range } },
  );
  // While the next page's numbers load, the charts already drawn stay.
  const charted = deliveryByCampaign((delivery.data ?? delivery.previousData)?.nodes);

  if (error !== undefined) return <p role="alert">Could not load campaigns: {error.message}</p>;
  if (account === undefined)
    return <p className="status">{loading ? "Loading…" : "No such account."}</p>;

  return (
    <>
      <h2>Campaigns of {account.name}</h2>
      {delivery.error !== undefined && (
        <p role="alert">Could not load the campaigns' delivery: {firstMessage(delivery.error)}</p>
      )}
      <ul className="campaign-list" aria-label="Campaigns">
        {campaigns.map((campaign) => (
          <CampaignRow
            key={campaign.id}
            campaign={campaign}
            delivery={charted.get(campaign.id)}
            deliveryLoading={delivery.loading}
          />
        ))}
      </ul>
      {campaigns.length === 0 && <p className="status">No campaigns yet.</p>}
      {connection?.pageInfo.hasNextPage === true && (
        <button
          type="button"
          disabled={loading}
          // The cache's paging policy appends the next page to this list.
          onClick={() => void fetchMore({ variables: { after: connection.pageInfo.endCursor } })}
        >
          {loading ? "Loading…" : "Load more"}
        </button>
      )}
    </>
  );
}
