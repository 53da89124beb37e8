import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { CampaignEditor } from "./campaign-editor.js";
import { DeliveryChart } from "./delivery-chart.js";
import type { Delivery } from "./delivery-chart.js";
import { UpdateCampaignMutation } from "./documents.js";
import type { CampaignFieldsFragment, EntityStatus } from "./generated/gql/graphql.js";
import { unitsOfMicros } from "./money.js";

/** The status a person switches to from `status`, with the button's words. */
function toggleOf(
  status: EntityStatus | null | undefined,
): { to: EntityStatus; label: string } | undefined {
  switch (status) {
    case "ACTIVE":
      return { to: "PAUSED", label: "Pause" };
    case "PAUSED":
      return { to: "ACTIVE", label: "Activate" };
    default:
      return undefined;
  }
}

export function CampaignRow({
  campaign,
  delivery,
  deliveryLoading,
}: {
  campaign: CampaignFieldsFragment;
  /** Its last days' delivery; undefined until (or unless) the delivery query answered. */
  delivery: Delivery | undefined;
  deliveryLoading: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [update, { loading }] = useMutation(UpdateCampaignMutation);
  const [failure, setFailure] = useState<string>();
  const toggle = toggleOf(campaign.entityStatus);

  const switchStatus = async (to: EntityStatus) => {
    const { data } = await update({ variables: { input: { id: campaign.id, entityStatus: to } } });
    const result = data?.updateCampaign;
    setFailure(result !== undefined && "message" in result ? result.message : undefined);
  };

  return (
    <li className="campaign" aria-label={campaign.name}>
      <div className="campaign-summary">
        <strong className="campaign-name">{campaign.name}</strong>
        <span className={`badge ${campaign.entityStatus ?? ""}`}>
          {campaign.entityStatus ?? "—"}
        </span>
        <span className="budget">
          {campaign.dailyBudget
            ? `${unitsOfMicros(campaign.dailyBudget.micros)} ${campaign.dailyBudget.currency}/day`
            : "no daily budget"}
        </span>
        {toggle && (
          <button type="button" disabled={loading} onClick={() => void switchStatus(toggle.to)}>
            {toggle.label}
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            setEditing(!editing);
          }}
        >
          {editing ? "Close" : "Edit"}
        </button>
      </div>
      {failure !== undefined && <p role="alert">{failure}</p>}
      {delivery !== undefined ? (
        <DeliveryChart name={campaign.name} delivery={delivery} />
      ) : (
        deliveryLoading && <p className="status">Loading delivery…</p>
      )}
      {editing && (
        <CampaignEditor
          campaign={campaign}
          onSaved={() => {
            setEditing(false);
          }}
        />
      )}
    </li>
  );
}
