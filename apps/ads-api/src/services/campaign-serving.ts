/**
 * How a campaign's effective_status, servable and reasons_not_servable derive: the spec says
 * "Campaign effective_status derivation: not shown" (§3), so this is this service's rule,
 * written down in the README ("Where the spec is silent"). Only values the spec (§2.3) or the
 * recorded real bodies (fixtures/vendor-sdk/campaigns_all.json) show are used:
 * - PAUSED_BY_ADVERTISER: entity_status is PAUSED (spec);
 * - INCOMPLETE: a draft campaign, or one without a start_time (spec);
 * - FUNDING_PROBLEM: its funding instrument is not able to fund (recorded);
 * - EXPIRED: its end_time has passed (recorded).
 * A campaign with none of these whose start_time has come is servable and RUNNING. One whose
 * start_time is still ahead has no reason yet and is not serving: servable null (the spec allows
 * null), effective_status UNKNOWN. Anything not servable reads UNKNOWN.
 */
export interface ServingInput {
  readonly entityStatus: string;
  readonly draft: boolean;
  readonly startTime: Date | null;
  readonly endTime: Date | null;
  readonly ableToFund: boolean;
}

export interface ServingState {
  readonly effective_status: "RUNNING" | "UNKNOWN";
  readonly servable: boolean | null;
  readonly reasons_not_servable: string[];
}

export function servingState(campaign: ServingInput, now: Date): ServingState {
  const reasons: string[] = [];
  if (campaign.entityStatus === "PAUSED") reasons.push("PAUSED_BY_ADVERTISER");
  if (campaign.draft || campaign.startTime === null) reasons.push("INCOMPLETE");
  if (!campaign.ableToFund) reasons.push("FUNDING_PROBLEM");
  if (campaign.endTime !== null && campaign.endTime <= now) reasons.push("EXPIRED");
  if (reasons.length > 0) {
    return { effective_status: "UNKNOWN", servable: false, reasons_not_servable: reasons };
  }
  if (campaign.startTime !== null && campaign.startTime > now) {
    return { effective_status: "UNKNOWN", servable: null, reasons_not_servable: [] };
  }
  return { effective_status: "RUNNING", servable: true, reasons_not_servable: [] };
}
