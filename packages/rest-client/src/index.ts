export { LOCAL_HOSTS, requestUrl } from "./hosts.js";
export type { Hosts } from "./hosts.js";
