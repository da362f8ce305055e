package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/webrtc/v4"

	"github.com/livekit/protocol/livekit"
	"github.com/livekit/protocol/rpc"
	"github.com/livekit/psrpc"
	lksdk "github.com/livekit/server-sdk-go/v2"
)

// whipEndpoint serves what the worker serves under whip_base_url: POST /{app}/{stream_key}, or
// POST /{app} with the stream key as a bearer token, of an SDP offer, answered 201 with the SDP
// answer and the session's Location; DELETE of that Location ends it. Browsers get CORS answers.
type whipEndpoint struct {
	w *worker
	// DELETE goes through psrpc as in the worker, where the HTTP server and the session differ.
	rpc rpc.IngressHandlerClient
	api *webrtc.API
}

func newWHIPHandler(w *worker, bus psrpc.MessageBus) (http.Handler, error) {
	client, err := rpc.NewIngressHandlerClient(bus)
	if err != nil {
		return nil, err
	}
	media := &webrtc.MediaEngine{}
	if err := media.RegisterDefaultCodecs(); err != nil {
		return nil, err
	}
	settings := webrtc.SettingEngine{}
	// Everything stays on loopback: the answer offers 127.0.0.1 only, and the client's checks
	// from its own addresses are learnt as peer-reflexive candidates.
	settings.SetIncludeLoopbackCandidate(true)
	settings.SetIPFilter(func(ip net.IP) bool { return ip.IsLoopback() })
	settings.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	e := &whipEndpoint{w: w, rpc: client, api: webrtc.NewAPI(webrtc.WithMediaEngine(media), webrtc.WithSettingEngine(settings))}

	mux := http.NewServeMux()
	mux.HandleFunc("POST /{app}", func(rw http.ResponseWriter, r *http.Request) {
		e.create(rw, r, strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	})
	mux.HandleFunc("POST /{app}/{key}", func(rw http.ResponseWriter, r *http.Request) { e.create(rw, r, r.PathValue("key")) })
	mux.HandleFunc("DELETE /{app}/{key}/{resource}", e.delete)
	mux.HandleFunc("OPTIONS /", func(rw http.ResponseWriter, _ *http.Request) {
		rw.Header().Set("Access-Control-Allow-Methods", "POST, DELETE, OPTIONS")
		rw.Header().Set("Access-Control-Allow-Headers", "*")
		rw.WriteHeader(http.StatusNoContent)
	})
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		rw.Header().Set("Access-Control-Allow-Origin", "*")
		rw.Header().Set("Access-Control-Expose-Headers", "Location")
		mux.ServeHTTP(rw, r)
	}), nil
}

func (e *whipEndpoint) create(rw http.ResponseWriter, r *http.Request, streamKey string) {
	offer, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil || streamKey == "" {
		http.Error(rw, "an SDP offer and a stream key are needed", http.StatusBadRequest)
		return
	}
	pc, err := e.api.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		httpError(rw, err)
		return
	}
	s, err := e.w.open(streamKey, livekit.IngressInput_WHIP_INPUT, func() { _ = pc.Close() })
	if err != nil {
		_ = pc.Close()
		log.Printf("ingress-standin: WHIP push on stream key %q refused: %v", streamKey, err)
		httpError(rw, err)
		return
	}
	answer, err := answer(pc, string(offer))
	if err != nil {
		s.end(fmt.Errorf("bad offer: %w", err))
		httpError(rw, psrpc.NewError(psrpc.InvalidArgument, err))
		return
	}
	relayWHIP(s, pc)
	rw.Header().Set("Content-Type", "application/sdp")
	rw.Header().Set("Location", fmt.Sprintf("/%s/%s/%s", r.PathValue("app"), streamKey, s.resourceID))
	rw.WriteHeader(http.StatusCreated)
	_, _ = io.WriteString(rw, answer)
}

func (e *whipEndpoint) delete(rw http.ResponseWriter, r *http.Request) {
	ctx, cancel := timeoutCtx()
	defer cancel()
	req := &rpc.DeleteWHIPResourceRequest{ResourceId: r.PathValue("resource"), StreamKey: r.PathValue("key")}
	if _, err := e.rpc.DeleteWHIPResource(ctx, req.ResourceId, req); err != nil {
		httpError(rw, err)
		return
	}
	rw.WriteHeader(http.StatusOK)
}

// answer applies the offer and returns the answer with its candidates (WHIP has no trickle here).
func answer(pc *webrtc.PeerConnection, offer string) (string, error) {
	if err := pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: offer}); err != nil {
		return "", err
	}
	desc, err := pc.CreateAnswer(nil)
	if err != nil {
		return "", err
	}
	gathered := webrtc.GatheringCompletePromise(pc)
	if err := pc.SetLocalDescription(desc); err != nil {
		return "", err
	}
	select {
	case <-gathered:
	case <-time.After(5 * time.Second):
		return "", errors.New("ICE gathering took over 5 s")
	}
	return pc.LocalDescription().SDP, nil
}

// relayWHIP joins the room (at once, while the client connects) and publishes each track the client sends as it arrives, forwarding
// its RTP as it is (passthrough, WHIP's default) and subscribers' keyframe requests back to the
// client. The ingress is publishing once every offered track is in the room; the session ends
// when the client's connection closes or fails.
func relayWHIP(s *session, pc *webrtc.PeerConnection) {
	expected := 0
	for _, t := range pc.GetTransceivers() {
		if t.Kind() == webrtc.RTPCodecTypeAudio || t.Kind() == webrtc.RTPCodecTypeVideo {
			expected++
		}
	}
	joined := make(chan struct{})
	var joinErr error
	var mu sync.Mutex
	published := 0
	var video *livekit.InputVideoState
	var audio *livekit.InputAudioState
	pc.OnTrack(func(remote *webrtc.TrackRemote, _ *webrtc.RTPReceiver) {
		if <-joined; joinErr != nil {
			return
		}
		pli := func() { _ = pc.WriteRTCP([]rtcp.Packet{&rtcp.PictureLossIndication{MediaSSRC: uint32(remote.SSRC())}}) }
		track, err := lksdk.NewLocalTrack(remote.Codec().RTPCodecCapability, lksdk.WithRTCPHandler(func(p rtcp.Packet) {
			switch p.(type) {
			case *rtcp.PictureLossIndication, *rtcp.FullIntraRequest:
				pli()
			}
		}))
		if err != nil {
			s.end(err)
			return
		}
		source, mime := livekit.TrackSource_MICROPHONE, remote.Codec().MimeType
		if remote.Kind() == webrtc.RTPCodecTypeVideo {
			source = livekit.TrackSource_CAMERA
		}
		if err := s.publish(track, remote.Kind().String(), source, 0, 0); err != nil {
			s.end(fmt.Errorf("could not publish the %s track: %w", remote.Kind(), err))
			return
		}
		if source == livekit.TrackSource_CAMERA {
			pli()
		}
		mu.Lock()
		published++
		if source == livekit.TrackSource_CAMERA {
			video = &livekit.InputVideoState{MimeType: mime}
		} else {
			audio = &livekit.InputAudioState{MimeType: mime}
		}
		if published == expected {
			go s.publishing(video, audio)
		}
		mu.Unlock()
		forwardRTP(remote, track)
	})
	pc.OnConnectionStateChange(func(state webrtc.PeerConnectionState) {
		switch state {
		case webrtc.PeerConnectionStateFailed:
			go s.end(errors.New("the WHIP client's connection failed"))
		case webrtc.PeerConnectionStateClosed:
			go s.end(nil)
		}
	})
	go func() {
		joinErr = s.join()
		close(joined)
		if joinErr != nil {
			s.end(fmt.Errorf("could not join room %s: %w", s.info.RoomName, joinErr))
		}
	}()
	// A client that connects but sends nothing does not hold the ingress for ever.
	time.AfterFunc(15*time.Second, func() {
		mu.Lock()
		defer mu.Unlock()
		if published < expected {
			go s.end(fmt.Errorf("%d of the %d offered tracks arrived within 15 s", published, expected))
		}
	})
}

// forwardRTP passes the client's packets on without its header extensions, whose ids were
// negotiated with the client and mean nothing to the room's connection.
func forwardRTP(remote *webrtc.TrackRemote, track *lksdk.LocalTrack) {
	for {
		pkt, _, err := remote.ReadRTP()
		if err != nil {
			return
		}
		pkt.Header.Extension, pkt.Header.Extensions = false, nil
		_ = track.WriteRTP(pkt, nil)
	}
}

// httpError answers with the status a psrpc error maps to (NotFound for an unknown stream key).
func httpError(rw http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var perr psrpc.Error
	if errors.As(err, &perr) {
		status = perr.ToHttp()
	}
	http.Error(rw, err.Error(), status)
}
