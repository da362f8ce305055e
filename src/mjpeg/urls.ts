/** The path devices connect to (SPEC 4.10). */
export const CAMERA_PATH = "/ingest/ws";

/** Where a room's camera connects and where it can be watched (SPEC 2.6), from the public URL. */
export interface CameraUrls {
  readonly wsUrl: string;
  readonly mjpegUrl: string;
  readonly frameUrl: string;
  readonly playerUrl: string;
  readonly embedUrl: string;
}

export function cameraUrls(publicUrl: string, app: string, room: string): CameraUrls {
  const path = `${encodeURIComponent(app)}/${encodeURIComponent(room)}`;
  const ws = publicUrl.replace(/^http/, "ws");
  return {
    wsUrl: `${ws}${CAMERA_PATH}?app=${encodeURIComponent(app)}&room=${encodeURIComponent(room)}`,
    mjpegUrl: `${publicUrl}/live/${path}/mjpeg`,
    frameUrl: `${publicUrl}/live/${path}/frame.jpg`,
    playerUrl: `${publicUrl}/play/${path}`,
    embedUrl: `${publicUrl}/embed/${path}`,
  };
}
