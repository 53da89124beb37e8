import { useQuery } from "@apollo/client/react";
import { CampaignRow } from "./campaign-row.js";
import { AccountCampaignsQuery } from "./documents.js";

/** Campaigns per page: small, so "load more" shows paging on the demo data. */
export const PAGE_SIZE = 2;

export function CampaignList({ accountId }: { accountId: string }) {
  const { data, error, loading, fetchMore } = useQuery(AccountCampaignsQuery, {
    variables: { accountId, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  if (error !== undefined) return <p role="alert">Could not load campaigns: {error.message}</p>;
  const account = data?.node?.__typename === "Account" ? data.node : undefined;
  if (account === undefined)
    return <p className="status">{loading ? "Loading…" : "No such account."}</p>;
  const connection = account.campaigns;
  const campaigns = connection?.edges.map((edge) => edge.node) ?? [];

  return (
    <>
      <h2>Campaigns of {account.name}</h2>
      <ul className="campaign-list" aria-label="Campaigns">
        {campaigns.map((campaign) => (
          <CampaignRow key={campaign.id} campaign={campaign} />
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
