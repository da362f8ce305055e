import { z } from "zod";
import { pageQuery } from "../lib/page.ts";

/** POST /apps/{app}/ingress (SPEC 4.9). */
export const createIngressBody = z
  .strictObject({
    inputType: z.enum(["rtmp", "whip", "url"]),
    room: z.string().max(120).regex(/^[A-Za-z0-9._-]+$/).optional(),
    participantIdentity: z.string().min(1).max(120).optional(),
    participantName: z.string().max(120).optional(),
    url: z.url({ protocol: /^(rtsp|rtsps|rtmp|rtmps|https?|srt)$/, message: "an rtsp, rtmp, http(s) or srt URL" }).max(2000).optional(),
    enableTranscoding: z.boolean().optional(),
  })
  .refine((b) => b.inputType !== "url" || b.url !== undefined, { path: ["url"], message: "required when inputType is url" });

export const listIngressQuery = pageQuery.extend({
  room: z.string().max(120).optional(),
  q: z.string().max(120).optional(),
});

export type CreateIngressBody = z.output<typeof createIngressBody>;
export type ListIngressQuery = z.output<typeof listIngressQuery>;
