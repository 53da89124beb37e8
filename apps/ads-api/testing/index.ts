// ads-api's test kit (`@adsgraph/ads-api/testing`): the one way tests, examples and benchmarks
// start ads-api, read what it received and drive it. Never part of the production build.
export { startAdsApi } from "./start-ads-api.js";
export type {
  AdsApiInstanceOptions,
  BenchAccount,
  ReplicaRedisOptions,
  StartAdsApiOptions,
  StartedAdsApi,
} from "./start-ads-api.js";
export { startAdsApiReplicas } from "./start-ads-api-replicas.js";
export type { AdsApiReplicas, AdsApiReplicasOptions } from "./start-ads-api-replicas.js";
export { startAdsApiProcess } from "./start-ads-api-process.js";
export type { AdsApiProcess, AdsApiProcessOptions } from "./start-ads-api-process.js";
export { requestLogAt } from "./request-log.js";
export type { RequestLogReader } from "./request-log.js";
export { tapRequests } from "./request-tap.js";
export type { HoldRule, RequestTap, TapOptions, TappedRequest } from "./request-tap.js";
export { simulateActivity } from "./activity.js";
export type { SimulatedEvent } from "./activity.js";
export { startTcpBalancer } from "./tcp-balancer.js";
export type { TcpBalancer } from "./tcp-balancer.js";
export { freePort } from "./free-port.js";
export { bundleEntry, mainArgs } from "./bundle-entry.js";
export { LOCAL_RECEIVER_HOSTS } from "./local-receivers.js";
export type { ResolveHost, ResolvedAddress } from "../src/delivery/outbound-guard.js";
export { approveAndReadPin } from "./approve-pin.js";
export { RawConnection } from "./raw-connection.js";
