import type { GpuStatus, GpuType } from "../system/gpu.ts";

/** The H.264 encoder a transcode uses, with what ffmpeg needs around it. */
export interface VideoEncoder {
  readonly accel: "software" | GpuType;
  readonly codec: string;
  /** Before `-i`: the device a hardware encoder runs on. */
  readonly deviceArgs: readonly string[];
  /** Appended to each rendition's filter chain: frames moved onto the device. */
  readonly upload: string;
  /** Encoder options besides the bitrate. */
  readonly options: readonly string[];
}

export const SOFTWARE: VideoEncoder = { accel: "software", codec: "libx264", deviceArgs: [], upload: "", options: ["-preset", "veryfast", "-pix_fmt", "yuv420p"] };

/**
 * The GPU probe's findings turned into an encoder: NVENC on an NVIDIA GPU, Quick Sync on an Intel
 * VA-API driver, VA-API on any other render node, each only when the installed ffmpeg has that
 * encoder; x264 in software otherwise (and before the first probe).
 */
export function h264Encoder(status: GpuStatus | undefined): VideoEncoder {
  const has = (codec: string) => status?.ffmpeg.hardwareEncoders.includes(codec) ?? false;
  if (status?.types.nvidia && has("h264_nvenc")) return { accel: "nvidia", codec: "h264_nvenc", deviceArgs: [], upload: "", options: ["-preset", "p4", "-pix_fmt", "yuv420p"] };
  if (status?.types.qsv && has("h264_qsv")) return { accel: "qsv", codec: "h264_qsv", deviceArgs: [], upload: "", options: ["-preset", "veryfast", "-pix_fmt", "nv12"] };
  const node = status?.vaapi.renderNodes[0];
  if (status?.types.vaapi && node && has("h264_vaapi")) {
    return { accel: "vaapi", codec: "h264_vaapi", deviceArgs: ["-vaapi_device", node], upload: ",format=nv12,hwupload", options: [] };
  }
  return SOFTWARE;
}
