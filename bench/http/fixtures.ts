/**
 * What both HTTP targets hold before the authenticated scenarios run, so raw uWS and the service
 * answer the same requests over the same data: one team with 10 apps, 90 more apps of the
 * platform, a global credential (sees all 100) and an app-scoped credential of the team (sees its
 * 10 apps, and mints publisher tokens under the team's stream quota).
 */
export const TEAM_APPS = 10;
export const PLATFORM_APPS = 90;

export const teamApp = (i: number): string => `bench-team-${i}`;
export const platformApp = (i: number): string => `bench-platform-${i}`;

/** The app the single-app GET and the subscriber mint address, and the one the publisher mints in. */
export const ONE_APP = platformApp(1);
export const TEAM_APP = teamApp(1);

/** `POST /apps/{app}/tokens` bodies: a subscribe-only viewer, and a publisher re-minting its slot. */
export const SUBSCRIBER_BODY = JSON.stringify({ room: "lobby", canPublish: false, ttl: "10m" });
export const PUBLISHER_BODY = JSON.stringify({ room: "lobby", identity: "bench-camera", ttl: "10m" });

/** The LiveKit credentials both targets sign join tokens with (nothing connects to them). */
export const LIVEKIT = { url: "http://127.0.0.1:9", wsUrl: "ws://127.0.0.1:9", apiKey: "APIbench", apiSecret: "bench-secret-bench-secret-bench-secret" };

export interface Credentials {
  readonly global: string;
  readonly team: string;
}
