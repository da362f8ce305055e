/**
 * ffmpeg's and ffprobe's options for reading an input over HTTP: no redirect followed (an input
 * URL is checked against the outbound rules before it is handed over, and a redirect would take
 * the tool somewhere unchecked: an app's S3 endpoint is the tenant's), and a stalled read given up
 * rather than holding a pool's slot. None for a file.
 */
export const urlInputOptions = (input: string): string[] => (/^https?:/i.test(input) ? ["-max_redirects", "0", "-rw_timeout", "15000000"] : []);
