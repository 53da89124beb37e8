/**
 * Limits of the webhooks (issue 18) that spec §8 does not list: X's, or this service's. Kept
 * apart from LIMITS (the §8 table) so that rule files read them by name.
 */
export const WEBHOOK_LIMITS = {
  /** Webhooks one app may register (X: one per app); a second POST /2/webhooks answers 409. */
  perApp: 1,
  /** The longest webhook URL taken (X documents none; ample for any receiver's address). */
  urlLength: 1024,
  /** X's replay window: at most five days between from_date and to_date. */
  replayWindowDays: 5,
  /** Page sizes of a webhook's delivery log (`count` of GET /2/webhooks/:webhook_id/deliveries). */
  deliveryLogCount: { min: 1, max: 100, default: 50 },
} as const;
