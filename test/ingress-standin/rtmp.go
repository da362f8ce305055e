package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"log"
	"net"
	"path"
	"sync"

	"github.com/livekit/go-rtmp"
	rtmpmsg "github.com/livekit/go-rtmp/message"
	flvtag "github.com/yutopp/go-flv/tag"

	"github.com/livekit/protocol/livekit"
)

// newRTMPServer takes pushes with LiveKit's own RTMP library, as the worker does.
func newRTMPServer(w *worker) *rtmp.Server {
	return rtmp.NewServer(&rtmp.ServerConfig{
		OnConnect: func(conn net.Conn) (io.ReadWriteCloser, *rtmp.ConnConfig) {
			return conn, &rtmp.ConnConfig{Handler: &rtmpHandler{w: w, conn: conn}, ControlState: rtmp.StreamControlStateConfig{DefaultBandwidthWindowSize: 6 * 1024 * 1024 / 8}}
		},
	})
}

// rtmpHandler is one RTMP connection: once it publishes, its FLV tags go to a transcoder.
type rtmpHandler struct {
	rtmp.DefaultHandler
	w    *worker
	conn net.Conn

	mu       sync.Mutex
	session  *session
	pipeline *transcoder
	meta     flvMeta
}

// flvMeta is what a publisher's onMetaData says of its streams (ffmpeg and OBS send it first).
type flvMeta struct {
	seen, video, audio bool
	width, height      uint32
	framerate          float64
	bitrate            uint32
}

func (h *rtmpHandler) OnPublish(_ *rtmp.StreamContext, _ uint32, cmd *rtmpmsg.NetStreamPublish) error {
	if cmd.PublishingName == "" {
		return errors.New("no stream key")
	}
	// The worker takes the last path element as the stream key: rtmp://host/<app>/<key> and
	// rtmp://host/<anything>/<key> reach the same ingress.
	_, streamKey := path.Split(cmd.PublishingName)
	s, err := h.w.open(streamKey, livekit.IngressInput_RTMP_INPUT, func() { _ = h.conn.Close() })
	if err != nil {
		log.Printf("ingress-standin: RTMP push on stream key %q refused: %v", streamKey, err)
		return err
	}
	h.mu.Lock()
	h.session = s
	h.mu.Unlock()
	return nil
}

func (h *rtmpHandler) OnSetDataFrame(timestamp uint32, data *rtmpmsg.NetStreamSetDataFrame) error {
	var script flvtag.ScriptData
	if err := flvtag.DecodeScriptData(bytes.NewReader(data.Payload), &script); err == nil {
		if m, ok := script.Objects["onMetaData"]; ok {
			h.mu.Lock()
			h.meta = metaOf(m)
			h.mu.Unlock()
		}
	}
	return h.write(flvScript, timestamp, data.Payload)
}

func (h *rtmpHandler) OnAudio(timestamp uint32, payload io.Reader) error {
	return h.writeFrom(flvAudio, timestamp, payload)
}

func (h *rtmpHandler) OnVideo(timestamp uint32, payload io.Reader) error {
	return h.writeFrom(flvVideo, timestamp, payload)
}

// OnClose: the publisher went away; the session ends without error (ENDPOINT_INACTIVE).
func (h *rtmpHandler) OnClose() {
	h.mu.Lock()
	s := h.session
	h.mu.Unlock()
	if s != nil {
		s.end(nil)
	}
}

func (h *rtmpHandler) writeFrom(kind byte, timestamp uint32, payload io.Reader) error {
	body, err := io.ReadAll(payload)
	if err != nil {
		return err
	}
	return h.write(kind, timestamp, body)
}

// write passes one RTMP message on as an FLV tag (their bodies are the same bytes), starting the
// transcoder at the first one: after onMetaData, which says whether audio will come.
func (h *rtmpHandler) write(kind byte, timestamp uint32, body []byte) error {
	h.mu.Lock()
	s, p := h.session, h.pipeline
	if s == nil {
		h.mu.Unlock()
		return errors.New("media before publish")
	}
	if p == nil {
		meta := h.meta
		if !meta.seen {
			meta.video, meta.audio = true, true
		}
		var err error
		if p, err = startTranscoder(s, meta); err != nil {
			h.mu.Unlock()
			s.end(err)
			return err
		}
		h.pipeline = p
	}
	h.mu.Unlock()
	return p.writeTag(kind, timestamp, body)
}

const (
	flvAudio  = 8
	flvVideo  = 9
	flvScript = 18
)

// flvHeader opens an FLV stream with audio and video flags, and a zero PreviousTagSize0.
func flvHeader(video, audio bool) []byte {
	var flags byte
	if audio {
		flags |= 4
	}
	if video {
		flags |= 1
	}
	return []byte{'F', 'L', 'V', 1, flags, 0, 0, 0, 9, 0, 0, 0, 0}
}

// flvTag frames an RTMP message body as an FLV tag followed by its PreviousTagSize.
func flvTag(kind byte, timestamp uint32, body []byte) []byte {
	tag := make([]byte, 11, 11+len(body)+4)
	tag[0] = kind
	tag[1], tag[2], tag[3] = byte(len(body)>>16), byte(len(body)>>8), byte(len(body))
	tag[4], tag[5], tag[6], tag[7] = byte(timestamp>>16), byte(timestamp>>8), byte(timestamp), byte(timestamp>>24)
	tag = append(tag, body...)
	return binary.BigEndian.AppendUint32(tag, uint32(11+len(body)))
}

func metaOf(m map[string]interface{}) flvMeta {
	num := func(key string) float64 {
		v, _ := m[key].(float64)
		return v
	}
	_, video := m["videocodecid"]
	_, audio := m["audiocodecid"]
	return flvMeta{
		seen: true, video: video, audio: audio,
		width: uint32(num("width")), height: uint32(num("height")), framerate: num("framerate"),
		bitrate: uint32(num("videodatarate") * 1000),
	}
}
