/**
 * The loopback hosts webhooks may reach in every server the kit starts, in process or as a
 * process (ADS_API_WEBHOOK_ALLOW_HOSTS): tests' receivers listen on 127.0.0.1. Without the
 * setting, as in production, ads-api refuses them (issue 34).
 */
export const LOCAL_RECEIVER_HOSTS: readonly string[] = ["127.0.0.1", "localhost", "[::1]"];
