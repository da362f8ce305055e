package main

import (
	"context"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/livekit/protocol/ingress"
	"github.com/livekit/protocol/livekit"
	"github.com/livekit/protocol/rpc"
	"github.com/livekit/protocol/utils"
	"github.com/livekit/psrpc"
	lksdk "github.com/livekit/server-sdk-go/v2"
)

// session is one push into one ingress: its info as livekit-server stored it, with the live state
// this stand-in reports, and the participant it publishes as.
type session struct {
	w          *worker
	input      livekit.IngressInput
	resourceID string
	// stopInput ends the push itself (closes the RTMP connection or the WHIP peer connection).
	stopInput func()

	mu       sync.Mutex
	info     *livekit.IngressInfo
	room     *lksdk.Room
	cleanups []func()
	ended    bool
}

// open asks livekit-server for the ingress behind a stream key, as the worker does for every new
// push, and starts its session in ENDPOINT_BUFFERING. A push to a disabled ingress, or of the wrong
// input type, is reported as ENDPOINT_ERROR, as the worker does.
func (w *worker) open(streamKey string, input livekit.IngressInput, stopInput func()) (*session, error) {
	prefix := utils.RTMPResourcePrefix
	if input == livekit.IngressInput_WHIP_INPUT {
		prefix = utils.WHIPResourcePrefix
	}
	resourceID := utils.NewGuid(prefix)
	ctx, cancel := timeoutCtx()
	defer cancel()
	resp, err := w.io.GetIngressInfo(ctx, &rpc.GetIngressInfoRequest{StreamKey: streamKey})
	if err != nil {
		return nil, err
	}
	info := resp.Info
	info.State = &livekit.IngressState{Status: livekit.IngressState_ENDPOINT_BUFFERING, StartedAt: time.Now().UnixNano(), ResourceId: resourceID}
	s := &session{w: w, input: input, resourceID: resourceID, stopInput: stopInput, info: info}
	refused := error(nil)
	if info.InputType != input {
		refused = ingress.ErrInvalidIngressType
	} else if info.Enabled != nil && !*info.Enabled {
		refused = ingress.ErrIngressDisabled
	}
	if refused != nil {
		s.report(func(st *livekit.IngressState) {
			st.Status = livekit.IngressState_ENDPOINT_ERROR
			st.Error = refused.Error()
		})
		return nil, refused
	}
	// A second push while one is live is refused without a report: the state is the live one's.
	if err := w.admit(s); err != nil {
		return nil, err
	}
	s.report(func(*livekit.IngressState) {})
	return s, nil
}

// admit takes the session as the ingress's live one and registers the per-ingress RPC topics
// livekit-server calls while it is buffering or publishing.
func (w *worker) admit(s *session) error {
	info := s.info
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.sessions[info.IngressId] != nil {
		return psrpc.NewErrorf(psrpc.AlreadyExists, "ingress %s is already live", info.IngressId)
	}
	if err := w.handler.RegisterUpdateIngressTopic(info.IngressId); err != nil {
		return err
	}
	if err := w.handler.RegisterDeleteIngressTopic(info.IngressId); err != nil {
		w.handler.DeregisterUpdateIngressTopic(info.IngressId)
		return err
	}
	if info.InputType == livekit.IngressInput_WHIP_INPUT {
		if err := w.handler.RegisterDeleteWHIPResourceTopic(s.resourceID); err != nil {
			w.handler.DeregisterUpdateIngressTopic(info.IngressId)
			w.handler.DeregisterDeleteIngressTopic(info.IngressId)
			return err
		}
	}
	w.sessions[info.IngressId] = s
	return nil
}

func (s *session) id() string { return s.info.IngressId }

// report changes the state and sends it to the server's IOInfo service, which stores it and sends
// ingress_started on ENDPOINT_PUBLISHING and ingress_ended on ENDPOINT_INACTIVE or ENDPOINT_ERROR.
func (s *session) report(change func(*livekit.IngressState)) {
	s.mu.Lock()
	change(s.info.State)
	s.info.State.UpdatedAt = time.Now().UnixNano()
	state := proto.Clone(s.info.State).(*livekit.IngressState)
	s.mu.Unlock()
	ctx, cancel := timeoutCtx()
	defer cancel()
	if _, err := s.w.io.UpdateIngressState(ctx, &rpc.UpdateIngressStateRequest{IngressId: s.id(), State: state}); err != nil {
		log.Printf("ingress-standin: %s: update state: %v", s.id(), err)
	}
}

// onEnd runs f when the session ends (at once if it has).
func (s *session) onEnd(f func()) {
	s.mu.Lock()
	ended := s.ended
	if !ended {
		s.cleanups = append(s.cleanups, f)
	}
	s.mu.Unlock()
	if ended {
		f()
	}
}

// join enters the ingress's room as its participant, with the token the worker builds for it.
func (s *session) join() error {
	info := s.info
	token, err := ingress.BuildIngressToken(s.w.conf.apiKey, s.w.conf.apiSecret, info.RoomName, info.ParticipantIdentity, info.ParticipantName, info.ParticipantMetadata, info.IngressId)
	if err != nil {
		return err
	}
	cb := lksdk.NewRoomCallback()
	// Removed from the room (or the room closed): the worker ends the session with an error.
	cb.OnDisconnectedWithReason = func(reason lksdk.DisconnectionReason) {
		go s.end(fmt.Errorf("room disconnected: %s", reason))
	}
	room, err := lksdk.ConnectToRoomWithToken(s.w.conf.wsURL, token, cb, lksdk.WithAutoSubscribe(false))
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		room.Disconnect()
		return fmt.Errorf("the session ended while joining")
	}
	s.room = room
	return nil
}

// publish adds a track of the push to the room under the ingress's participant.
func (s *session) publish(track webrtc.TrackLocal, name string, source livekit.TrackSource, width, height int) error {
	s.mu.Lock()
	room := s.room
	s.mu.Unlock()
	if room == nil {
		return fmt.Errorf("not in the room")
	}
	_, err := room.LocalParticipant.PublishTrack(track, &lksdk.TrackPublicationOptions{Name: name, Source: source, VideoWidth: width, VideoHeight: height})
	return err
}

// publishing reports ENDPOINT_PUBLISHING once the push's tracks are in the room.
func (s *session) publishing(video *livekit.InputVideoState, audio *livekit.InputAudioState) {
	s.mu.Lock()
	room := s.room
	s.mu.Unlock()
	var tracks []*livekit.TrackInfo
	for _, pub := range room.LocalParticipant.TrackPublications() {
		tracks = append(tracks, pub.TrackInfo())
	}
	s.report(func(st *livekit.IngressState) {
		st.Status = livekit.IngressState_ENDPOINT_PUBLISHING
		st.RoomId = room.SID()
		st.Video, st.Audio, st.Tracks = video, audio, tracks
	})
}

// end closes the session once: the push stops, the participant leaves, the RPC topics go, and
// the server hears ENDPOINT_INACTIVE (the push ended) or ENDPOINT_ERROR (why it failed).
func (s *session) end(err error) {
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return
	}
	s.ended = true
	room, cleanups := s.room, s.cleanups
	s.mu.Unlock()
	if err != nil {
		log.Printf("ingress-standin: %s: %v", s.id(), err)
	}
	s.stopInput()
	for _, f := range cleanups {
		f()
	}
	if room != nil {
		room.Disconnect()
	}
	w := s.w
	w.mu.Lock()
	delete(w.sessions, s.id())
	w.mu.Unlock()
	w.handler.DeregisterUpdateIngressTopic(s.id())
	w.handler.DeregisterDeleteIngressTopic(s.id())
	if s.input == livekit.IngressInput_WHIP_INPUT {
		w.handler.DeregisterDeleteWHIPResourceTopic(s.resourceID)
	}
	s.report(func(st *livekit.IngressState) {
		st.Status = livekit.IngressState_ENDPOINT_INACTIVE
		if err != nil {
			st.Status, st.Error = livekit.IngressState_ENDPOINT_ERROR, err.Error()
		}
		st.EndedAt = time.Now().UnixNano()
	})
}

// stopped answers an RPC that ended a session with the state it ended in.
func (s *session) stopped() *livekit.IngressState {
	s.end(nil)
	s.mu.Lock()
	defer s.mu.Unlock()
	return proto.Clone(s.info.State).(*livekit.IngressState)
}

// UpdateIngress of a live ingress ends its session (the worker restarts nothing: the publisher
// reconnects and the new push reads the updated info).
func (w *worker) UpdateIngress(_ context.Context, req *livekit.UpdateIngressRequest) (*livekit.IngressState, error) {
	s, err := w.session(req.IngressId)
	if err != nil {
		return nil, err
	}
	return s.stopped(), nil
}

func (w *worker) DeleteIngress(_ context.Context, req *livekit.DeleteIngressRequest) (*livekit.IngressState, error) {
	s, err := w.session(req.IngressId)
	if err != nil {
		return nil, err
	}
	return s.stopped(), nil
}

// DeleteWHIPResource is the WHIP client's DELETE of its session, sent on by the WHIP endpoint.
func (w *worker) DeleteWHIPResource(_ context.Context, req *rpc.DeleteWHIPResourceRequest) (*emptypb.Empty, error) {
	s, err := w.sessionByResource(req.ResourceId)
	if err != nil {
		return nil, err
	}
	s.end(nil)
	return &emptypb.Empty{}, nil
}

func (w *worker) ICERestartWHIPResource(context.Context, *rpc.ICERestartWHIPResourceRequest) (*rpc.ICERestartWHIPResourceResponse, error) {
	return nil, psrpc.NewErrorf(psrpc.Unimplemented, "the ingress stand-in does no ICE restarts")
}

func (w *worker) WHIPRTCConnectionNotify(context.Context, *rpc.WHIPRTCConnectionNotifyRequest) (*emptypb.Empty, error) {
	return nil, psrpc.NewErrorf(psrpc.Unimplemented, "the ingress stand-in does not proxy WHIP to livekit-server")
}

func (w *worker) ListActiveIngress(context.Context, *rpc.ListActiveIngressRequest) (*rpc.ListActiveIngressResponse, error) {
	resp := &rpc.ListActiveIngressResponse{}
	for _, s := range w.live() {
		resp.IngressSessions = append(resp.IngressSessions, &rpc.IngressSession{IngressId: s.id(), ResourceId: s.resourceID})
	}
	return resp, nil
}

// StartIngress is livekit-server's start of a URL pull, which this stand-in does not do.
func (w *worker) StartIngress(context.Context, *rpc.StartIngressRequest) (*livekit.IngressInfo, error) {
	return nil, psrpc.NewErrorf(psrpc.Unimplemented, "the ingress stand-in takes RTMP and WHIP pushes only, not URL pulls")
}

func (w *worker) StartIngressAffinity(context.Context, *rpc.StartIngressRequest) float32 { return 1 }
