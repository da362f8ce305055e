package main

import (
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"github.com/livekit/protocol/livekit"
	lksdk "github.com/livekit/server-sdk-go/v2"
)

// transcoder is the worker's transcoding pipeline in small: one ffmpeg reads the push as FLV on
// its stdin and writes one RTP stream per track to loopback UDP, and each is written into a track
// published in the room. Like the worker it always transcodes an RTMP push, to the ingress's video
// codec and top layer's bitrate and to Opus, so WebRTC subscribers can decode what OBS sends.
type transcoder struct {
	s      *session
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	conns  []*net.UDPConn
	header []byte
	exited chan struct{}

	mu      sync.Mutex
	written bool
}

// One output of ffmpeg: its encoder arguments and the track its RTP goes to.
type output struct {
	kind   string
	args   []string
	codec  webrtc.RTPCodecCapability
	source livekit.TrackSource
}

func startTranscoder(s *session, meta flvMeta) (*transcoder, error) {
	var outs []output
	if meta.video {
		v, err := videoOutput(s.info)
		if err != nil {
			return nil, err
		}
		outs = append(outs, v)
	}
	if meta.audio {
		outs = append(outs, output{
			kind:   "audio",
			args:   []string{"-map", "0:a:0", "-c:a", "libopus", "-ar", "48000", "-ac", "2", "-b:a", "96k", "-payload_type", "111"},
			codec:  webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeOpus, ClockRate: 48000, Channels: 2, SDPFmtpLine: "minptime=10;useinbandfec=1"},
			source: livekit.TrackSource_MICROPHONE,
		})
	}
	if len(outs) == 0 {
		return nil, fmt.Errorf("the push announced neither audio nor video")
	}
	t := &transcoder{s: s, header: flvHeader(meta.video, meta.audio), exited: make(chan struct{})}
	// A second of probing at most: a live pipeline must not sit on the first seconds of the push.
	args := []string{"-hide_banner", "-loglevel", "error", "-analyzeduration", "1000000", "-f", "flv", "-i", "pipe:0"}
	for _, o := range outs {
		// The sockets are bound before ffmpeg starts, so no packet is sent to a port nobody holds.
		conn, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		if err != nil {
			t.closeConns()
			return nil, err
		}
		t.conns = append(t.conns, conn)
		args = append(append(args, o.args...), "-f", "rtp", fmt.Sprintf("rtp://127.0.0.1:%d?pkt_size=1200", conn.LocalAddr().(*net.UDPAddr).Port))
	}
	t.cmd = exec.Command("ffmpeg", args...)
	// ffmpeg's complaints land in this stand-in's log, which the test helper shows on failure.
	t.cmd.Stderr = os.Stderr
	stdin, err := t.cmd.StdinPipe()
	if err != nil {
		t.closeConns()
		return nil, err
	}
	t.stdin = stdin
	if err := t.cmd.Start(); err != nil {
		t.closeConns()
		return nil, fmt.Errorf("ffmpeg did not start: %w", err)
	}
	s.onEnd(t.stop)
	go func() {
		err := t.cmd.Wait()
		close(t.exited)
		// Stopped by the session's end, this is a no-op; on its own, it fails the session.
		s.end(fmt.Errorf("the transcoder stopped: %v (ffmpeg's stderr is in the stand-in's log)", err))
	}()
	go t.publish(outs, meta)
	return t, nil
}

// videoOutput encodes to the codec the ingress's video options name (H.264 unless VP8), at the
// bitrate of its top layer, a keyframe a second (a subscriber's keyframe request cannot reach it).
func videoOutput(info *livekit.IngressInfo) (output, error) {
	bitrate := uint32(1_500_000)
	codec := livekit.VideoCodec_H264_BASELINE
	if opts := info.GetVideo().GetOptions(); opts != nil {
		codec = opts.VideoCodec
		for _, l := range opts.Layers {
			bitrate = max(bitrate, l.Bitrate)
		}
	}
	common := []string{"-map", "0:v:0", "-pix_fmt", "yuv420p", "-b:v", fmt.Sprint(bitrate), "-force_key_frames", "expr:gte(t,n_forced*1)", "-payload_type", "96"}
	o := output{kind: "video", source: livekit.TrackSource_CAMERA}
	switch codec {
	case livekit.VideoCodec_DEFAULT_VC, livekit.VideoCodec_H264_BASELINE, livekit.VideoCodec_H264_MAIN, livekit.VideoCodec_H264_HIGH:
		o.args = append(common, "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-profile:v", "baseline", "-level", "3.1", "-bf", "0")
		o.codec = webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeH264, ClockRate: 90000, SDPFmtpLine: "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f"}
	case livekit.VideoCodec_VP8:
		o.args = append(common, "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8")
		o.codec = webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000}
	default:
		return o, fmt.Errorf("the stand-in transcodes to H.264 or VP8, not %s", codec)
	}
	return o, nil
}

// publish joins the room, publishes one track per output and relays ffmpeg's RTP into it; the
// ingress is publishing once media flows into every track, as the room then shows them all.
func (t *transcoder) publish(outs []output, meta flvMeta) {
	s := t.s
	if err := s.join(); err != nil {
		s.end(fmt.Errorf("could not join room %s: %w", s.info.RoomName, err))
		return
	}
	flowing := make(chan struct{}, len(outs))
	for i, o := range outs {
		track, err := lksdk.NewLocalTrack(o.codec)
		if err != nil {
			s.end(err)
			return
		}
		go relay(t.conns[i], track, flowing)
		width, height := 0, 0
		if o.kind == "video" {
			width, height = int(meta.width), int(meta.height)
		}
		if err := s.publish(track, o.kind, o.source, width, height); err != nil {
			s.end(fmt.Errorf("could not publish the %s track: %w", o.kind, err))
			return
		}
	}
	deadline := time.After(15 * time.Second)
	for range outs {
		select {
		case <-flowing:
		case <-deadline:
			s.end(fmt.Errorf("ffmpeg sent no media for 15 s"))
			return
		}
	}
	var video *livekit.InputVideoState
	var audio *livekit.InputAudioState
	if meta.video {
		video = &livekit.InputVideoState{Width: meta.width, Height: meta.height, Framerate: meta.framerate, AverageBitrate: meta.bitrate}
	}
	if meta.audio {
		audio = &livekit.InputAudioState{}
	}
	s.publishing(video, audio)
}

// relay writes each RTP packet ffmpeg sends into the track (which drops them until it is bound),
// and says once on flowing when the first one went out on a bound track.
func relay(conn *net.UDPConn, track *lksdk.LocalTrack, flowing chan<- struct{}) {
	buf := make([]byte, 1500)
	sent := false
	for {
		n, err := conn.Read(buf)
		if err != nil {
			return
		}
		var pkt rtp.Packet
		if pkt.Unmarshal(buf[:n]) != nil {
			continue
		}
		if track.WriteRTP(&pkt, nil) == nil && !sent && track.IsBound() {
			sent = true
			flowing <- struct{}{}
		}
	}
}

func (t *transcoder) writeTag(kind byte, timestamp uint32, body []byte) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.written {
		t.written = true
		if _, err := t.stdin.Write(t.header); err != nil {
			return err
		}
	}
	_, err := t.stdin.Write(flvTag(kind, timestamp, body))
	return err
}

// stop ends ffmpeg (its stdin closed, then killed if it lingers) and the relays.
func (t *transcoder) stop() {
	_ = t.stdin.Close()
	t.closeConns()
	select {
	case <-t.exited:
	case <-time.After(3 * time.Second):
		_ = t.cmd.Process.Kill()
	}
}

func (t *transcoder) closeConns() {
	for _, c := range t.conns {
		_ = c.Close()
	}
}
