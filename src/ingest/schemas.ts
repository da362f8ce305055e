import { z } from "zod";
import { pageQuery } from "../lib/page.ts";
import { PULLED_CAMERA_FAILURES, PULLED_CAMERA_STATES } from "../../machines/pulled-camera.ts";

/** POST /apps/{app}/ingress (SPEC 4.9). */
export const createIngressBody = z
  .strictObject({
    inputType: z.enum(["rtmp", "whip", "url"]),
    room: z.string().max(120).regex(/^[A-Za-z0-9._-]+$/).optional(),
    participantIdentity: z.string().min(1).max(120).optional(),
    participantName: z.string().max(120).optional(),
    url: z.url({ protocol: /^(rtsp|rtsps|rtmp|rtmps|https?|srt)$/, message: "an rtsp, rtmp, http(s) or srt URL" }).max(2000).optional(),
    enableTranscoding: z.boolean().optional(),
    /** RTSP's transport for a camera the service pulls (docs/cameras.md): TCP unless the camera only does UDP. */
    transport: z.enum(["tcp", "udp"]).optional(),
  })
  .refine((b) => b.inputType !== "url" || b.url !== undefined, { path: ["url"], message: "required when inputType is url" })
  .refine((b) => b.transport === undefined || /^rtsps?:/i.test(b.url ?? ""), { path: ["transport"], message: "only for rtsp:// and rtsps:// sources" });

export const listIngressQuery = pageQuery.extend({
  room: z.string().max(120).optional(),
  q: z.string().max(120).optional(),
});

export type CreateIngressBody = z.output<typeof createIngressBody>;
export type ListIngressQuery = z.output<typeof listIngressQuery>;

/** What the ingress routes answer (`data` of the envelope or page): SPEC 2.5's ingress resource. */
export const ingressResponse = z.strictObject({
  ingressId: z.string(),
  inputType: z.enum(["rtmp", "whip", "url"]),
  url: z.string().nullable(),
  rtmp_url: z.string().nullable(),
  streamKey: z.string(),
  stream_key: z.string(),
  roomName: z.string(),
  requires_password: z.boolean(),
  /** Only when the ingress has an RTMP stream password. */
  stream_password: z.string().optional(),
  adaptive: z.boolean(),
  player_url: z.string(),
  embed_iframe: z.string(),
  authorizedAt: z.string().nullable(),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  rotatedAt: z.string().nullable(),
  status: z.string(),
  bitrate: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  viewers: z.null(),
  /** A camera the service pulls itself (issue 33): its actor's state; null for LiveKit's ingresses. */
  camera: z
    .strictObject({
      state: z.enum(PULLED_CAMERA_STATES),
      /** Why it failed: unauthorized, not_found, unsupported, forbidden (SSRF rules) or unreachable. */
      failure: z.enum(PULLED_CAMERA_FAILURES).nullable(),
      /** The last error the pull reported, credentials masked. */
      error: z.string().nullable(),
      codec: z.string().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      fps: z.number().nullable(),
      /** The node whose actor pulls it. */
      node: z.string().nullable(),
    })
    .nullable(),
});
export const ingressesResponse = z.array(ingressResponse);
/** Reset, disable and enable also say whether a live publisher was removed. */
export const ingressChangedResponse = ingressResponse.extend({ disconnected: z.boolean() });
export const ingressValidatedResponse = z.strictObject({ valid: z.literal(true), authorizedAt: z.string() });
