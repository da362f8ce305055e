// Command egress-standin is a TEST STAND-IN for LiveKit's egress worker, which cannot be built on
// this machine. It speaks the worker's real boundary: it registers the psrpc EgressInternal and
// EgressHandler services on the LiveKit server's Redis and reports progress through the real
// IOInfo service, so the real livekit-server routes StartRoomCompositeEgress, StartParticipantEgress,
// StopEgress and ListEgress to it and sends the egress webhooks itself. Media is real but simple:
// it joins the room with server-sdk-go, forwards the RTP of one video and one audio track to an
// ffmpeg process, and ffmpeg writes the requested outputs. See README.md for what it leaves out.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/redis/go-redis/v9"

	"github.com/livekit/protocol/livekit"
	"github.com/livekit/protocol/rpc"
	"github.com/livekit/psrpc"
)

type config struct {
	wsURL, apiKey, apiSecret string
}

// worker is the EgressInternal service (start, list) and the EgressHandler service (stop).
type worker struct {
	conf    config
	io      rpc.IOInfoClient
	handler rpc.EgressHandlerServer

	mu      sync.Mutex
	egresss map[string]*egress
}

func main() {
	redisAddr := flag.String("redis", "127.0.0.1:6379", "the LiveKit server's Redis")
	var conf config
	flag.StringVar(&conf.wsURL, "ws-url", "", "the LiveKit server's WebSocket URL")
	flag.StringVar(&conf.apiKey, "api-key", "", "LiveKit API key")
	flag.StringVar(&conf.apiSecret, "api-secret", "", "LiveKit API secret")
	flag.Parse()
	if conf.wsURL == "" || conf.apiKey == "" || conf.apiSecret == "" {
		log.Fatal("egress-standin: -ws-url, -api-key and -api-secret are required")
	}

	bus := psrpc.NewRedisMessageBus(redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{*redisAddr}}))
	io, err := rpc.NewIOInfoClient(bus)
	if err != nil {
		log.Fatalf("egress-standin: io client: %v", err)
	}
	w := &worker{conf: conf, io: io, egresss: map[string]*egress{}}
	if w.handler, err = rpc.NewEgressHandlerServer(w, bus); err != nil {
		log.Fatalf("egress-standin: handler server: %v", err)
	}
	internal, err := rpc.NewEgressInternalServer(w, bus)
	if err != nil {
		log.Fatalf("egress-standin: internal server: %v", err)
	}
	if err := internal.RegisterStartEgressTopic(""); err != nil {
		log.Fatalf("egress-standin: register start: %v", err)
	}
	if err := internal.RegisterListActiveEgressTopic(""); err != nil {
		log.Fatalf("egress-standin: register list: %v", err)
	}
	// The test helper waits for this line: from here on the server can route requests to us.
	log.Printf("egress-standin: ready")

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	<-sigs
	// Like the worker on SIGTERM: stop taking requests, finish what runs (files stay playable).
	internal.Shutdown()
	w.mu.Lock()
	running := make([]*egress, 0, len(w.egresss))
	for _, e := range w.egresss {
		running = append(running, e)
	}
	w.mu.Unlock()
	for _, e := range running {
		e.stop()
	}
	for _, e := range running {
		<-e.done
	}
	w.handler.Shutdown()
}

// StartEgressAffinity: one stand-in, always willing.
func (w *worker) StartEgressAffinity(context.Context, *rpc.StartEgressRequest) float32 { return 1 }

func (w *worker) StartEgress(ctx context.Context, req *rpc.StartEgressRequest) (*livekit.EgressInfo, error) {
	w.mu.Lock()
	_, exists := w.egresss[req.EgressId]
	w.mu.Unlock()
	if exists {
		return nil, psrpc.NewErrorf(psrpc.AlreadyExists, "egress %s already exists", req.EgressId)
	}
	e, err := newEgress(w, req)
	if err != nil {
		return nil, err
	}
	if err := w.handler.RegisterStopEgressTopic(req.EgressId); err != nil {
		return nil, psrpc.NewError(psrpc.Internal, err)
	}
	w.mu.Lock()
	w.egresss[req.EgressId] = e
	w.mu.Unlock()
	if _, err := w.io.CreateEgress(ctx, e.snapshot()); err != nil {
		log.Printf("egress-standin: %s: create: %v", req.EgressId, err)
	}
	go e.run()
	return e.snapshot(), nil
}

func (w *worker) ListActiveEgress(context.Context, *rpc.ListActiveEgressRequest) (*rpc.ListActiveEgressResponse, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	ids := make([]string, 0, len(w.egresss))
	for id := range w.egresss {
		ids = append(ids, id)
	}
	return &rpc.ListActiveEgressResponse{EgressIds: ids}, nil
}

func (w *worker) StopEgress(_ context.Context, req *livekit.StopEgressRequest) (*livekit.EgressInfo, error) {
	w.mu.Lock()
	e := w.egresss[req.EgressId]
	w.mu.Unlock()
	if e == nil {
		return nil, psrpc.NewErrorf(psrpc.NotFound, "egress %s not found", req.EgressId)
	}
	e.stop()
	return e.snapshot(), nil
}

// UpdateStream (adding or removing stream URLs of a running egress) is not covered.
func (w *worker) UpdateStream(context.Context, *livekit.UpdateStreamRequest) (*livekit.EgressInfo, error) {
	return nil, psrpc.NewErrorf(psrpc.Unimplemented, "the egress stand-in does not update stream outputs")
}

// finished forgets an egress once its final state is reported.
func (w *worker) finished(id string) {
	w.handler.DeregisterStopEgressTopic(id)
	w.mu.Lock()
	delete(w.egresss, id)
	w.mu.Unlock()
}
