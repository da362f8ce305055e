import assert from "node:assert/strict";
import { FMP4_OUTPUT, Fmp4Reader, type Fmp4Item, type Fragment, type InitSection } from "../../src/pull/fmp4.ts";
import { runTool } from "./exec.ts";

/** One EXT-X-PART of a media playlist. */
export interface ListedPart {
  readonly uri: string;
  readonly seconds: number;
  readonly independent: boolean;
}

/** One segment of a media playlist: closed (with its URI and EXTINF) or the one in progress. */
export interface ListedSegment {
  readonly msn: number;
  readonly uri: string | undefined;
  readonly seconds: number | undefined;
  readonly parts: readonly ListedPart[];
  readonly discontinuity: boolean;
  readonly map: string;
  readonly programDateTime: number;
}

export interface LlHlsPlaylist {
  readonly targetDuration: number;
  readonly partTarget: number;
  readonly partHoldBack: number;
  readonly mediaSequence: number;
  readonly discontinuitySequence: number;
  readonly skipped: number;
  readonly segments: readonly ListedSegment[];
  readonly hint: string;
}

const attribute = (line: string, name: string): string | undefined => new RegExp(`[:,]${name}=("[^"]*"|[^,]*)`).exec(line)?.[1]?.replace(/^"|"$/g, "");

/**
 * Reads an LL-HLS media playlist and asserts the rules of RFC 8216bis a player relies on: the
 * header tags, parts no longer than PART-TARGET and named after their segment in order, EXTINF
 * equal to its parts' sum and within the target duration once rounded, a PROGRAM-DATE-TIME and
 * an EXT-X-MAP for every segment, sequence numbers in a row, and one preload hint, last.
 */
export function checkLlHlsPlaylist(text: string): LlHlsPlaylist {
  assert.ok(text.endsWith("\n"), "the playlist ends with a newline");
  const lines = text.slice(0, -1).split("\n");
  assert.equal(lines[0], "#EXTM3U");
  assert.equal(lines[1], "#EXT-X-VERSION:9");
  const header = (tag: string) => {
    const line = lines.find((l) => l.startsWith(`${tag}:`));
    assert.ok(line, `${tag} is in the playlist`);
    return line;
  };
  const targetDuration = Number(header("#EXT-X-TARGETDURATION").split(":")[1]);
  assert.ok(Number.isInteger(targetDuration) && targetDuration >= 1, "EXT-X-TARGETDURATION is a whole number of seconds");
  const control = header("#EXT-X-SERVER-CONTROL");
  assert.equal(attribute(control, "CAN-BLOCK-RELOAD"), "YES");
  assert.ok(Number(attribute(control, "CAN-SKIP-UNTIL")) >= 6 * targetDuration, "CAN-SKIP-UNTIL is at least six target durations");
  const partTarget = Number(attribute(header("#EXT-X-PART-INF"), "PART-TARGET"));
  const partHoldBack = Number(attribute(control, "PART-HOLD-BACK"));
  assert.ok(partTarget > 0 && Math.abs(partHoldBack - 3 * partTarget) < 0.002, `PART-HOLD-BACK ${partHoldBack} is three PART-TARGETs (${partTarget})`);
  const mediaSequence = Number(header("#EXT-X-MEDIA-SEQUENCE").split(":")[1]);
  const discontinuitySequence = Number(header("#EXT-X-DISCONTINUITY-SEQUENCE").split(":")[1]);
  const skipLine = lines.find((l) => l.startsWith("#EXT-X-SKIP:"));
  const skipped = skipLine ? Number(attribute(skipLine, "SKIPPED-SEGMENTS")) : 0;

  const segments: ListedSegment[] = [];
  let pending: { parts: ListedPart[]; discontinuity: boolean; map?: string; pdt?: number } = { parts: [], discontinuity: false };
  let map: string | undefined;
  let extinf: number | undefined;
  const hints = lines.filter((l) => l.startsWith("#EXT-X-PRELOAD-HINT:"));
  assert.equal(hints.length, 1, "one preload hint");
  assert.equal(lines.at(-1), hints[0], "the preload hint comes last");
  assert.equal(attribute(hints[0] as string, "TYPE"), "PART");
  const finish = (uri: string | undefined) => {
    const msn = mediaSequence + skipped + segments.length;
    assert.ok(map, `segment ${msn} has an EXT-X-MAP before it`);
    assert.ok(pending.pdt !== undefined, `segment ${msn} has a PROGRAM-DATE-TIME`);
    const previous = segments.at(-1);
    if (previous) assert.ok(pending.pdt >= previous.programDateTime, `segment ${msn}'s PROGRAM-DATE-TIME does not go back`);
    if (uri !== undefined) assert.equal(uri, `seg${msn}.m4s`, "segments are named after their sequence number, in a row");
    pending.parts.forEach((p, i) => assert.equal(p.uri, `part${msn}.${i}.m4s`, "parts are named after their segment and index"));
    if (uri !== undefined && pending.parts.length > 0) {
      const sum = pending.parts.reduce((s, p) => s + p.seconds, 0);
      assert.ok(Math.abs(sum - (extinf ?? 0)) < 0.002 * pending.parts.length, `segment ${msn}: EXTINF ${extinf} is the sum of its parts (${sum})`);
    }
    if (extinf !== undefined) assert.ok(Math.round(extinf) <= targetDuration, `segment ${msn}: EXTINF ${extinf} fits the target duration`);
    segments.push({ msn, uri, seconds: uri === undefined ? undefined : extinf, parts: pending.parts, discontinuity: pending.discontinuity, map, programDateTime: pending.pdt });
    pending = { parts: [], discontinuity: false };
    extinf = undefined;
  };
  for (const line of lines.slice(2)) {
    if (line === "#EXT-X-DISCONTINUITY") pending.discontinuity = true;
    else if (line.startsWith("#EXT-X-MAP:")) map = attribute(line, "URI");
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) {
      pending.pdt = Date.parse(line.slice("#EXT-X-PROGRAM-DATE-TIME:".length));
      assert.ok(Number.isFinite(pending.pdt), `${line} is a date`);
    } else if (line.startsWith("#EXT-X-PART:")) {
      const seconds = Number(attribute(line, "DURATION"));
      assert.ok(seconds > 0 && seconds <= partTarget, `${line} is no longer than PART-TARGET ${partTarget}`);
      pending.parts.push({ uri: attribute(line, "URI") ?? "", seconds, independent: attribute(line, "INDEPENDENT") === "YES" });
    } else if (line.startsWith("#EXTINF:")) extinf = Number.parseFloat(line.slice("#EXTINF:".length));
    else if (line !== "" && !line.startsWith("#")) finish(line);
  }
  if (pending.parts.length > 0) finish(undefined);
  assert.ok(segments.length > 0, "the playlist lists something");
  return { targetDuration, partTarget, partHoldBack, mediaSequence, discontinuitySequence, skipped, segments, hint: attribute(hints[0] as string, "URI") ?? "" };
}

/** 4 s of a moving test pattern at 25 fps, encoded by a real encoder and written as the pulls write it. */
export async function encodeFmp4(video: readonly string[], extraInput: readonly string[] = []): Promise<Buffer> {
  const args = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", ...extraInput, "-t", "4", ...video, "-pix_fmt", "yuv420p", ...FMP4_OUTPUT];
  const result = await runTool("ffmpeg", args, 60_000);
  assert.equal(result.code, 0, result.stderr);
  return result.stdout;
}

/** A keyframe every second, exactly. */
export const H264_ENCODE = ["-c:v", "libx264", "-preset", "veryfast", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0"];
/** A keyframe every 2 s, with B-frames as some cameras send: a keyframe's decode time is then a frame before its presentation. */
export const H265_ENCODE = ["-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hvc1", "-x265-params", "keyint=50:min-keyint=50:scenecut=0:open-gop=0:log-level=error"];

/** What a fresh reader makes of `bytes` pushed `chunk` bytes at a time. */
export function readFmp4(bytes: Buffer, chunk = bytes.length): Fmp4Item[] {
  const reader = new Fmp4Reader();
  const items: Fmp4Item[] = [];
  for (let at = 0; at < bytes.length; at += chunk) items.push(...reader.push(bytes.subarray(at, at + chunk)));
  return items;
}

/** A stream that must read cleanly: its init section and its fragments. */
export function fmp4Stream(bytes: Buffer): { init: InitSection; fragments: Fragment[] } {
  const [init, ...rest] = readFmp4(bytes);
  assert.equal(init?.kind, "init");
  const fragments = rest.filter((i): i is Fragment => i.kind === "fragment");
  assert.equal(fragments.length, rest.length, "nothing but fragments after the init section");
  return { init, fragments };
}

export interface ProbedVideo {
  readonly codec_name: string;
  readonly width: number;
  readonly height: number;
  readonly profile: string;
  readonly level: number;
  /** Frames decoded, as ffprobe counts them. */
  readonly nb_read_frames: string;
}

/** The first video stream of `file` as ffprobe decodes it. */
export async function probeVideo(file: string): Promise<ProbedVideo> {
  const entries = "stream=codec_name,width,height,profile,level,nb_read_frames";
  const result = await runTool("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", entries, "-of", "json", file]);
  assert.equal(result.code, 0, result.stderr);
  const [stream] = (JSON.parse(result.stdout.toString()) as { streams: ProbedVideo[] }).streams;
  assert.ok(stream, `${file} has a video stream`);
  return stream;
}
