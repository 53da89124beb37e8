/** One event the admin endpoint stored: app, id, the user it is for, the action's index. */
export interface SimulatedEvent {
  readonly appId: string;
  readonly id: string;
  readonly forUserId: string;
  readonly action: number;
}

/**
 * Simulates activity (issue 18) through ads-api's loopback admin endpoint, `POST
 * /_admin/activity/events` at `baseUrl` (served with `activityAdmin: true`, or
 * ADS_API_ACTIVITY_ADMIN): one action, or an array of them stored in one transaction. Throws
 * unless it answers 201; the events it stored, in id order.
 */
export async function simulateActivity(
  baseUrl: string,
  action: Readonly<Record<string, unknown>> | readonly Readonly<Record<string, unknown>>[],
): Promise<{ events: SimulatedEvent[] }> {
  const response = await fetch(`${baseUrl}/_admin/activity/events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(action),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`simulateActivity: ${response.status} ${text}`);
  return JSON.parse(text) as { events: SimulatedEvent[] };
}
