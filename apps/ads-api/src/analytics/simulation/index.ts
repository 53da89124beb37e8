export { statsAnswer } from "./stats-answer.js";
export type { StatsAnswerData, StatsIdData, StatsQuery } from "./stats-answer.js";
export { activeEntities } from "./active-entities.js";
export type { ActiveEntitiesQuery } from "./active-entities.js";
export { segmentsOf } from "./segments.js";
export type { Segment } from "./segments.js";
export type {
  CampaignFacts,
  CampaignState,
  CreativeFacts,
  DeliveryWorld,
  FundingInstrumentFacts,
  LineItemFacts,
  LineItemState,
  Span,
} from "./world.js";
