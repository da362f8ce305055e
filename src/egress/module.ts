import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import { Egresses } from "./service.ts";

/** What later modules use of the media server's egress. */
export interface EgressApi {
  readonly egresses: Egresses;
}

/** The media server's egress (recording, live HLS, stream outputs, image capture), for the domains that need it. */
export function egressModule(core: Core, deps: { media: MediaApi }): Module<{ egress: EgressApi }> {
  return {
    name: "egress",
    provides: { egress: { egresses: new Egresses({ servers: deps.media.servers, logger: core.logger }) } },
  };
}
