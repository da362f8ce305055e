package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/pion/webrtc/v4"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/livekit/protocol/rpc"
	"github.com/livekit/psrpc"
	lksdk "github.com/livekit/server-sdk-go/v2"
)

// outputs is what one egress writes, from the request's output lists.
type outputs struct {
	files    []*livekit.EncodedFileOutput
	segments []*livekit.SegmentedFileOutput
	streams  []*livekit.StreamOutput
	images   []*livekit.ImageOutput
}

// egress is one recording: a hidden participant in the room and, once tracks arrive, an ffmpeg.
type egress struct {
	w        *worker
	req      *rpc.StartEgressRequest
	room     string
	identity string // participant egress: only this participant's tracks
	out      outputs

	mu   sync.Mutex
	info *livekit.EgressInfo

	tracks   chan track
	stopping chan struct{}
	stopOnce sync.Once
	done     chan struct{}
}

func newEgress(w *worker, req *rpc.StartEgressRequest) (*egress, error) {
	e := &egress{w: w, req: req, tracks: make(chan track, 8), stopping: make(chan struct{}), done: make(chan struct{})}
	now := time.Now().UnixNano()
	e.info = &livekit.EgressInfo{EgressId: req.EgressId, RoomId: req.RoomId, Status: livekit.EgressStatus_EGRESS_STARTING, UpdatedAt: now}
	switch r := req.Request.(type) {
	case *rpc.StartEgressRequest_RoomComposite:
		rc := r.RoomComposite
		e.room = rc.RoomName
		e.out = outputs{rc.FileOutputs, rc.SegmentOutputs, rc.StreamOutputs, rc.ImageOutputs}
		// The deprecated single-output form.
		if f := rc.GetFile(); f != nil {
			e.out.files = append(e.out.files, f)
		}
		if s := rc.GetSegments(); s != nil {
			e.out.segments = append(e.out.segments, s)
		}
		if s := rc.GetStream(); s != nil {
			e.out.streams = append(e.out.streams, s)
		}
		e.info.Request = &livekit.EgressInfo_RoomComposite{RoomComposite: rc}
		e.info.SourceType = livekit.EgressSourceType_EGRESS_SOURCE_TYPE_WEB
	case *rpc.StartEgressRequest_Participant:
		p := r.Participant
		e.room, e.identity = p.RoomName, p.Identity
		e.out = outputs{p.FileOutputs, p.SegmentOutputs, p.StreamOutputs, p.ImageOutputs}
		e.info.Request = &livekit.EgressInfo_Participant{Participant: p}
		e.info.SourceType = livekit.EgressSourceType_EGRESS_SOURCE_TYPE_SDK
	default:
		return nil, psrpc.NewErrorf(psrpc.Unimplemented, "the egress stand-in records room-composite and participant requests only, not %T", req.Request)
	}
	if len(e.out.files)+len(e.out.segments)+len(e.out.streams)+len(e.out.images) == 0 {
		return nil, psrpc.NewErrorf(psrpc.InvalidArgument, "no outputs")
	}
	for _, f := range e.out.files {
		if !filepath.IsAbs(f.Filepath) {
			return nil, psrpc.NewErrorf(psrpc.InvalidArgument, "the stand-in writes local files only: filepath %q must be absolute", f.Filepath)
		}
	}
	e.info.RoomName = e.room
	return e, nil
}

func (e *egress) snapshot() *livekit.EgressInfo {
	e.mu.Lock()
	defer e.mu.Unlock()
	return cloneInfo(e.info)
}

// report changes the info and sends it to the server's IOInfo service (which sends the webhooks).
func (e *egress) report(change func(info *livekit.EgressInfo)) {
	e.mu.Lock()
	change(e.info)
	e.info.UpdatedAt = time.Now().UnixNano()
	info := cloneInfo(e.info)
	e.mu.Unlock()
	if _, err := e.w.io.UpdateEgress(timeoutCtx(), info); err != nil {
		log.Printf("egress-standin: %s: update: %v", info.EgressId, err)
	}
}

func (e *egress) stop() {
	e.stopOnce.Do(func() { close(e.stopping) })
}

// run joins the room, waits for tracks, records until stopped or until the source leaves.
func (e *egress) run() {
	defer close(e.done)
	defer e.w.finished(e.req.EgressId)
	room, err := e.join()
	if err != nil {
		e.fail(fmt.Sprintf("could not join room %s: %v", e.room, err))
		return
	}
	defer room.Disconnect()

	picked, ok := e.waitForTracks()
	if !ok {
		e.fail("no track was published before the egress was stopped")
		return
	}
	rec, err := startRecorder(e.req.EgressId, picked, e.out)
	if err != nil {
		e.fail(err.Error())
		return
	}
	started := time.Now()
	e.report(func(info *livekit.EgressInfo) {
		info.Status = livekit.EgressStatus_EGRESS_ACTIVE
		info.StartedAt = started.UnixNano()
	})
	// Keyframes: ask each video publisher for one now and then, as a new subscriber would.
	ticker := time.NewTicker(2 * time.Second)
	defer ticker.Stop()
	for _, t := range picked {
		t.requestKeyframe()
	}
wait:
	for {
		select {
		case <-e.stopping:
			break wait
		case <-rec.exited:
			break wait
		case <-ticker.C:
			for _, t := range picked {
				t.requestKeyframe()
			}
		}
	}
	e.report(func(info *livekit.EgressInfo) { info.Status = livekit.EgressStatus_EGRESS_ENDING })
	recErr := rec.finish()
	ended := time.Now()
	if recErr != nil {
		e.fail(recErr.Error())
		return
	}
	e.report(func(info *livekit.EgressInfo) {
		info.Status = livekit.EgressStatus_EGRESS_COMPLETE
		info.EndedAt = ended.UnixNano()
		rec.results(info, started, ended)
	})
}

func (e *egress) fail(why string) {
	log.Printf("egress-standin: %s: failed: %s", e.req.EgressId, why)
	e.report(func(info *livekit.EgressInfo) {
		info.Status = livekit.EgressStatus_EGRESS_FAILED
		info.Error = why
		info.ErrorCode = 500
		info.EndedAt = time.Now().UnixNano()
	})
}

// join enters the room as a hidden recorder under the egress id, as the worker does.
func (e *egress) join() (*lksdk.Room, error) {
	at := auth.NewAccessToken(e.w.conf.apiKey, e.w.conf.apiSecret).
		SetIdentity(e.req.EgressId).
		SetValidFor(24 * time.Hour).
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: e.room, Hidden: true, Recorder: true, CanSubscribe: boolPtr(true), CanPublish: boolPtr(false)})
	token, err := at.ToJWT()
	if err != nil {
		return nil, err
	}
	cb := lksdk.NewRoomCallback()
	cb.OnTrackSubscribed = func(remote *webrtc.TrackRemote, _ *lksdk.RemoteTrackPublication, rp *lksdk.RemoteParticipant) {
		if e.identity != "" && rp.Identity() != e.identity {
			return
		}
		select {
		case e.tracks <- track{remote: remote, owner: rp}:
		default:
		}
	}
	// The source is gone: the room closed, or the recorded participant left.
	cb.OnDisconnected = e.stop
	cb.OnParticipantDisconnected = func(rp *lksdk.RemoteParticipant) {
		if e.identity != "" && rp.Identity() == e.identity {
			e.stop()
		}
	}
	return lksdk.ConnectToRoomWithToken(e.w.conf.wsURL, token, cb, lksdk.WithAutoSubscribe(true))
}

// waitForTracks takes the first video and the first audio track; after the first track it waits
// a little for the other kind, since publishers add their camera and microphone one after another.
func (e *egress) waitForTracks() ([]track, bool) {
	var video, audio *track
	var grace <-chan time.Time
	for {
		select {
		case t := <-e.tracks:
			if t.remote.Kind() == webrtc.RTPCodecTypeVideo && video == nil {
				video = &t
			} else if t.remote.Kind() == webrtc.RTPCodecTypeAudio && audio == nil {
				audio = &t
			}
			if video != nil && audio != nil {
				return pick(video, audio), true
			}
			if grace == nil {
				grace = time.After(1500 * time.Millisecond)
			}
		case <-grace:
			return pick(video, audio), true
		case <-e.stopping:
			return nil, false
		}
	}
}

func pick(video, audio *track) []track {
	var out []track
	if video != nil {
		out = append(out, *video)
	}
	if audio != nil {
		out = append(out, *audio)
	}
	return out
}

func boolPtr(b bool) *bool { return &b }

func fileSize(path string) int64 {
	if st, err := os.Stat(path); err == nil {
		return st.Size()
	}
	return 0
}
