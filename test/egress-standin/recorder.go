package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/proto"

	"github.com/livekit/protocol/livekit"
	lksdk "github.com/livekit/server-sdk-go/v2"
)

// track is a subscribed remote track and the participant who publishes it.
type track struct {
	remote *webrtc.TrackRemote
	owner  *lksdk.RemoteParticipant
}

func (t track) requestKeyframe() {
	if t.remote.Kind() == webrtc.RTPCodecTypeVideo {
		t.owner.WritePLI(t.remote.SSRC())
	}
}

// recorder is one ffmpeg fed with the tracks' RTP over loopback UDP, described to it by an SDP.
type recorder struct {
	cmd    *exec.Cmd
	out    outputs
	conns  []*net.UDPConn
	exited chan struct{}
	stderr *tail

	hlsPlaylists []string
}

// tail keeps the end of ffmpeg's stderr for the failure message.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2000 {
		t.buf = t.buf[len(t.buf)-2000:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

func startRecorder(id string, tracks []track, out outputs) (*recorder, error) {
	dir, err := os.MkdirTemp("", "egress-standin-"+id+"-")
	if err != nil {
		return nil, err
	}
	sdp := "v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=egress-standin\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n"
	ports := make([]int, len(tracks))
	hasVideo, hasAudio := false, false
	for i, t := range tracks {
		if ports[i], err = freeUDPPort(); err != nil {
			return nil, err
		}
		codec := t.remote.Codec()
		kind := "audio"
		if t.remote.Kind() == webrtc.RTPCodecTypeVideo {
			kind, hasVideo = "video", true
		} else {
			hasAudio = true
		}
		name := codec.MimeType[strings.Index(codec.MimeType, "/")+1:]
		rtpmap := fmt.Sprintf("%s/%d", name, codec.ClockRate)
		if codec.Channels > 0 {
			rtpmap += fmt.Sprintf("/%d", codec.Channels)
		}
		sdp += fmt.Sprintf("m=%s %d RTP/AVP %d\r\na=rtpmap:%d %s\r\n", kind, ports[i], 96+i, 96+i, rtpmap)
		if codec.SDPFmtpLine != "" {
			sdp += fmt.Sprintf("a=fmtp:%d %s\r\n", 96+i, codec.SDPFmtpLine)
		}
	}
	sdpFile := filepath.Join(dir, "input.sdp")
	if err := os.WriteFile(sdpFile, []byte(sdp), 0o600); err != nil {
		return nil, err
	}

	r := &recorder{out: out, exited: make(chan struct{}), stderr: &tail{}}
	// Timestamps are taken on arrival, as a live pipeline's clock does: without RTCP sender reports
	// ffmpeg's RTP demuxer can only trust RTP timestamps, and a jump in them once collapsed a
	// twelve-second recording into 0.14 s.
	args := []string{"-hide_banner", "-loglevel", "error", "-protocol_whitelist", "file,udp,rtp", "-analyzeduration", "10M", "-use_wallclock_as_timestamps", "1", "-i", sdpFile}
	encode := func(keyframeEvery uint32) []string {
		var a []string
		if hasVideo {
			// A fixed output rate, as LiveKit's presets have (30 fps): left to guess it from the first
			// packets, ffmpeg once took a burst for a rate of thousands of frames per second and spent
			// the recording encoding duplicates, far behind the wall clock.
			a = append(a, "-map", "0:v:0", "-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-pix_fmt", "yuv420p", "-r", "30")
			if keyframeEvery > 0 {
				a = append(a, "-force_key_frames", fmt.Sprintf("expr:gte(t,n_forced*%d)", keyframeEvery))
			}
		}
		if hasAudio {
			a = append(a, "-map", "0:a:0", "-c:a", "aac", "-b:a", "96k")
		}
		return a
	}
	for _, f := range out.files {
		if err := os.MkdirAll(filepath.Dir(f.Filepath), 0o755); err != nil {
			return nil, err
		}
		args = append(append(args, encode(0)...), "-f", "mp4", "-y", f.Filepath)
	}
	for _, s := range out.segments {
		seconds := s.SegmentDuration
		if seconds == 0 {
			seconds = 4
		}
		base := filepath.Dir(s.FilenamePrefix)
		if err := os.MkdirAll(base, 0o755); err != nil {
			return nil, err
		}
		playlist := filepath.Join(base, orDefault(s.PlaylistName, "playlist.m3u8"))
		r.hlsPlaylists = append(r.hlsPlaylists, playlist)
		args = append(append(args, encode(seconds)...), "-f", "hls", "-hls_time", fmt.Sprint(seconds), "-hls_list_size", "0",
			"-hls_segment_filename", s.FilenamePrefix+"_%05d.ts", "-y", playlist)
	}
	for _, s := range out.streams {
		for _, url := range s.Urls {
			args = append(append(args, encode(2)...), "-f", "flv", url)
		}
	}
	if hasVideo {
		for _, img := range out.images {
			if err := os.MkdirAll(filepath.Dir(img.FilenamePrefix), 0o755); err != nil {
				return nil, err
			}
			every := img.CaptureInterval
			if every == 0 {
				every = 10
			}
			filter := fmt.Sprintf("fps=1/%d", every)
			if img.Width > 0 && img.Height > 0 {
				filter += fmt.Sprintf(",scale=%d:%d", img.Width, img.Height)
			}
			args = append(args, "-map", "0:v:0", "-vf", filter, "-q:v", "3", "-f", "image2", "-y", img.FilenamePrefix+"_%05d.jpg")
		}
	}

	r.cmd = exec.Command("ffmpeg", args...)
	r.cmd.Stderr = r.stderr
	if err := r.cmd.Start(); err != nil {
		return nil, fmt.Errorf("ffmpeg did not start: %w", err)
	}
	go func() {
		_ = r.cmd.Wait()
		os.RemoveAll(dir)
		close(r.exited)
	}()
	for i, t := range tracks {
		conn, err := net.DialUDP("udp", nil, &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: ports[i]})
		if err != nil {
			_ = r.cmd.Process.Kill()
			return nil, err
		}
		r.conns = append(r.conns, conn)
		go forward(t.remote, conn, uint8(96+i))
	}
	return r, nil
}

// forward relays a track's RTP to ffmpeg with the payload type its SDP names. Writes before
// ffmpeg listens fail and are dropped: the keyframe requests make up for them.
func forward(remote *webrtc.TrackRemote, conn *net.UDPConn, payloadType uint8) {
	for {
		pkt, _, err := remote.ReadRTP()
		if err != nil {
			return
		}
		pkt.PayloadType = payloadType
		b, err := pkt.Marshal()
		if err != nil {
			continue
		}
		if _, err := conn.Write(b); err != nil && errors.Is(err, net.ErrClosed) {
			return
		}
	}
}

// finish lets ffmpeg write its trailers (SIGINT), and fails when it had stopped on its own or a
// file it should have written is missing.
func (r *recorder) finish() error {
	early := false
	select {
	case <-r.exited:
		early = true
	default:
		_ = r.cmd.Process.Signal(os.Interrupt)
		select {
		case <-r.exited:
		case <-time.After(15 * time.Second):
			_ = r.cmd.Process.Kill()
			<-r.exited
		}
	}
	for _, c := range r.conns {
		c.Close()
	}
	for _, f := range r.out.files {
		if fileSize(f.Filepath) == 0 {
			return fmt.Errorf("ffmpeg wrote no file %s: %s", f.Filepath, r.stderr)
		}
	}
	if early {
		return fmt.Errorf("ffmpeg stopped during the recording: %s", r.stderr)
	}
	return nil
}

func (r *recorder) results(info *livekit.EgressInfo, started, ended time.Time) {
	duration := ended.Sub(started).Nanoseconds()
	info.FileResults = nil
	for _, f := range r.out.files {
		info.FileResults = append(info.FileResults, &livekit.FileInfo{
			Filename: filepath.Base(f.Filepath), Location: f.Filepath, Size: fileSize(f.Filepath),
			StartedAt: started.UnixNano(), EndedAt: ended.UnixNano(), Duration: duration,
		})
	}
	info.SegmentResults = nil
	for i, s := range r.out.segments {
		segments, _ := filepath.Glob(s.FilenamePrefix + "_*.ts")
		var size int64
		for _, seg := range segments {
			size += fileSize(seg)
		}
		info.SegmentResults = append(info.SegmentResults, &livekit.SegmentsInfo{
			PlaylistName: filepath.Base(r.hlsPlaylists[i]), PlaylistLocation: r.hlsPlaylists[i], SegmentCount: int64(len(segments)),
			Size: size, Duration: duration, StartedAt: started.UnixNano(), EndedAt: ended.UnixNano(),
		})
	}
	info.StreamResults = nil
	for _, s := range r.out.streams {
		for _, url := range s.Urls {
			info.StreamResults = append(info.StreamResults, &livekit.StreamInfo{
				Url: url, Status: livekit.StreamInfo_FINISHED, StartedAt: started.UnixNano(), EndedAt: ended.UnixNano(), Duration: duration,
			})
		}
	}
	info.ImageResults = nil
	for _, img := range r.out.images {
		images, _ := filepath.Glob(img.FilenamePrefix + "_*.jpg")
		info.ImageResults = append(info.ImageResults, &livekit.ImagesInfo{
			FilenamePrefix: img.FilenamePrefix, ImageCount: int64(len(images)), StartedAt: started.UnixNano(), EndedAt: ended.UnixNano(),
		})
	}
}

func freeUDPPort() (int, error) {
	conn, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	return conn.LocalAddr().(*net.UDPAddr).Port, nil
}

func orDefault(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

func cloneInfo(info *livekit.EgressInfo) *livekit.EgressInfo {
	return proto.Clone(info).(*livekit.EgressInfo)
}

func timeoutCtx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	time.AfterFunc(6*time.Second, cancel)
	return ctx
}
