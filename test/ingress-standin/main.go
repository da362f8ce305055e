// Command ingress-standin is a TEST STAND-IN for LiveKit's ingress worker, which cannot be built on
// this machine. It speaks the worker's real boundary: it asks livekit-server for the ingress behind
// a stream key and reports the session's state through the real IOInfo service, and it registers
// the psrpc IngressInternal and IngressHandler services on the LiveKit server's Redis, so the real
// livekit-server stores the state, answers ListIngress with it, stops a live session on
// UpdateIngress or DeleteIngress and sends the ingress webhooks itself. Media is real but simple:
// an RTMP listener whose pushes one ffmpeg transcodes, and a WHIP endpoint relaying WebRTC, both
// published into the ingress's room with server-sdk-go. See README.md for what it leaves out.
package main

import (
	"context"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/livekit/protocol/rpc"
	"github.com/livekit/psrpc"
)

type config struct {
	wsURL, apiKey, apiSecret string
}

// worker holds the live sessions, one per ingress, and serves the psrpc services for them.
type worker struct {
	conf    config
	io      rpc.IOInfoClient
	handler rpc.IngressHandlerServer

	mu       sync.Mutex
	sessions map[string]*session
}

func main() {
	redisAddr := flag.String("redis", "127.0.0.1:6379", "the LiveKit server's Redis")
	rtmpAddr := flag.String("rtmp", "127.0.0.1:1935", "where the RTMP listener listens")
	whipAddr := flag.String("whip", "127.0.0.1:8080", "where the WHIP endpoint listens")
	var conf config
	flag.StringVar(&conf.wsURL, "ws-url", "", "the LiveKit server's WebSocket URL")
	flag.StringVar(&conf.apiKey, "api-key", "", "LiveKit API key")
	flag.StringVar(&conf.apiSecret, "api-secret", "", "LiveKit API secret")
	flag.Parse()
	if conf.wsURL == "" || conf.apiKey == "" || conf.apiSecret == "" {
		log.Fatal("ingress-standin: -ws-url, -api-key and -api-secret are required")
	}

	bus := psrpc.NewRedisMessageBus(redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{*redisAddr}}))
	io, err := rpc.NewIOInfoClient(bus)
	if err != nil {
		log.Fatalf("ingress-standin: io client: %v", err)
	}
	w := &worker{conf: conf, io: io, sessions: map[string]*session{}}
	if w.handler, err = rpc.NewIngressHandlerServer(w, bus); err != nil {
		log.Fatalf("ingress-standin: handler server: %v", err)
	}
	internal, err := rpc.NewIngressInternalServer(w, bus)
	if err != nil {
		log.Fatalf("ingress-standin: internal server: %v", err)
	}
	if err := internal.RegisterListActiveIngressTopic(""); err != nil {
		log.Fatalf("ingress-standin: register list: %v", err)
	}

	rtmpListener, err := net.Listen("tcp", *rtmpAddr)
	if err != nil {
		log.Fatalf("ingress-standin: rtmp listener: %v", err)
	}
	rtmpServer := newRTMPServer(w)
	go func() { _ = rtmpServer.Serve(rtmpListener) }()
	whipListener, err := net.Listen("tcp", *whipAddr)
	if err != nil {
		log.Fatalf("ingress-standin: whip listener: %v", err)
	}
	whip, err := newWHIPHandler(w, bus)
	if err != nil {
		log.Fatalf("ingress-standin: whip endpoint: %v", err)
	}
	whipServer := &http.Server{Handler: whip}
	go func() { _ = whipServer.Serve(whipListener) }()
	// The test helper waits for this line: from here on pushes are taken and the server can route to us.
	log.Printf("ingress-standin: ready rtmp=%s whip=%s", rtmpListener.Addr(), whipListener.Addr())

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM)
	<-sigs
	// Take no new pushes, then end every session so the server sees each ingress go inactive.
	_ = rtmpServer.Close()
	_ = whipServer.Close()
	internal.Shutdown()
	for _, s := range w.live() {
		s.end(nil)
	}
	w.handler.Shutdown()
}

func (w *worker) live() []*session {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]*session, 0, len(w.sessions))
	for _, s := range w.sessions {
		out = append(out, s)
	}
	return out
}

func (w *worker) session(ingressID string) (*session, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if s := w.sessions[ingressID]; s != nil {
		return s, nil
	}
	return nil, psrpc.NewErrorf(psrpc.NotFound, "no live session for ingress %s", ingressID)
}

func (w *worker) sessionByResource(resourceID string) (*session, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, s := range w.sessions {
		if s.resourceID == resourceID {
			return s, nil
		}
	}
	return nil, psrpc.NewErrorf(psrpc.NotFound, "no live session with resource %s", resourceID)
}

func timeoutCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}
