/**
 * A network with the layers, sizes and output layout of Ultralytics' YOLOv8n export (input
 * `images [1, 3, S, S]`, output `[1, 84, boxes]`), written as ONNX in memory with seeded random
 * weights. No npm package ships a COCO YOLO in ONNX, and none may be downloaded, so the bench times
 * ONNX runtimes on this: the same convolutions, hence the same work per frame, as the real model;
 * what it finds means nothing. Classification biases are strongly negative so that, as on a real
 * scene, few candidates pass the score threshold and decoding costs what it would.
 */
import protobuf from "protobufjs";

/** The few ONNX messages a model needs (field numbers from onnx.proto). */
const onnx = protobuf.Root.fromJSON({
  nested: {
    Model: { fields: { irVersion: { id: 1, type: "int64" }, producerName: { id: 2, type: "string" }, graph: { id: 7, type: "Graph" }, opsetImport: { id: 8, rule: "repeated", type: "Opset" } } },
    Opset: { fields: { domain: { id: 1, type: "string" }, version: { id: 2, type: "int64" } } },
    Graph: { fields: { node: { id: 1, rule: "repeated", type: "Node" }, name: { id: 2, type: "string" }, initializer: { id: 5, rule: "repeated", type: "Tensor" }, input: { id: 11, rule: "repeated", type: "ValueInfo" }, output: { id: 12, rule: "repeated", type: "ValueInfo" } } },
    Node: { fields: { input: { id: 1, rule: "repeated", type: "string" }, output: { id: 2, rule: "repeated", type: "string" }, opType: { id: 4, type: "string" }, attribute: { id: 5, rule: "repeated", type: "Attribute" } } },
    Attribute: { fields: { name: { id: 1, type: "string" }, i: { id: 3, type: "int64" }, ints: { id: 8, rule: "repeated", type: "int64" }, type: { id: 20, type: "int32" } } },
    Tensor: { fields: { dims: { id: 1, rule: "repeated", type: "int64" }, dataType: { id: 2, type: "int32" }, name: { id: 8, type: "string" }, rawData: { id: 9, type: "bytes" } } },
    ValueInfo: { fields: { name: { id: 1, type: "string" }, type: { id: 2, type: "Type" } } },
    Type: { fields: { tensorType: { id: 1, type: "TensorType" } } },
    TensorType: { fields: { elemType: { id: 1, type: "int32" }, shape: { id: 2, type: "Shape" } } },
    Shape: { fields: { dim: { id: 1, rule: "repeated", type: "Dim" } } },
    Dim: { fields: { dimValue: { id: 1, type: "int64" } } },
  },
});

const FLOAT = 1;
const INT64 = 7;
const ATTR_INT = 2;
const ATTR_INTS = 7;
const CLASSES = 80;
/** YOLOv8's distribution focal loss bins per box side. */
const BINS = 16;
const STRIDES = [8, 16, 32] as const;

type Attr = { name: string; i?: number; ints?: number[] };

class Graph {
  readonly nodes: object[] = [];
  readonly initializers: object[] = [];
  private count = 0;
  /** Park-Miller: the same weights every run, so runs compare. */
  private seed = 42;

  private random(): number {
    this.seed = (this.seed * 16807) % 2147483647;
    return this.seed / 2147483647 - 0.5;
  }

  private name(prefix: string): string {
    return `${prefix}${this.count++}`;
  }

  tensor(dims: number[], values: Float32Array | BigInt64Array): string {
    const name = this.name("w");
    this.initializers.push({ name, dims, dataType: values instanceof Float32Array ? FLOAT : INT64, rawData: new Uint8Array(values.buffer) });
    return name;
  }

  ints(values: number[]): string {
    return this.tensor([values.length], BigInt64Array.from(values.map(BigInt)));
  }

  floats(dims: number[], fill: (i: number) => number): string {
    const n = dims.reduce((a, b) => a * b, 1);
    return this.tensor(dims, Float32Array.from({ length: n }, (_, i) => fill(i)));
  }

  op(opType: string, input: string[], attribute: Attr[] = [], outputs = 1): string[] {
    const output = Array.from({ length: outputs }, () => this.name("t"));
    const attrs = attribute.map((a) => ({ ...a, type: a.ints ? ATTR_INTS : ATTR_INT }));
    this.nodes.push({ opType, input, output, attribute: attrs });
    return output;
  }

  one(opType: string, input: string[], attribute: Attr[] = []): string {
    const [out] = this.op(opType, input, attribute);
    return out ?? "";
  }

  /** Convolution with the batch norm folded in, as exports have it; `act` adds SiLU. */
  conv(x: string, c1: number, c2: number, k: number, s = 1, act = true, bias = 0): string {
    const scale = Math.sqrt(6 / (c1 * k * k));
    const w = this.floats([c2, c1, k, k], () => this.random() * scale);
    const b = this.floats([c2], () => bias + this.random() * 0.1);
    const pad = Math.floor(k / 2);
    const y = this.one("Conv", [x, w, b], [{ name: "kernel_shape", ints: [k, k] }, { name: "strides", ints: [s, s] }, { name: "pads", ints: [pad, pad, pad, pad] }]);
    return act ? this.one("Mul", [y, this.one("Sigmoid", [y])]) : y;
  }

  /** Ultralytics' C2f block: split, n bottlenecks, concatenate everything. */
  c2f(x: string, c1: number, c2: number, n: number, shortcut: boolean): string {
    const c = c2 / 2;
    const [a, b] = this.op("Split", [this.conv(x, c1, 2 * c, 1), this.ints([c, c])], [{ name: "axis", i: 1 }], 2);
    const parts = [a ?? "", b ?? ""];
    for (let i = 0; i < n; i++) {
      const last = parts[parts.length - 1] ?? "";
      const y = this.conv(this.conv(last, c, c, 3), c, c, 3);
      parts.push(shortcut ? this.one("Add", [last, y]) : y);
    }
    return this.conv(this.one("Concat", parts, [{ name: "axis", i: 1 }]), (2 + n) * c, c2, 1);
  }

  sppf(x: string, c1: number, c2: number): string {
    const pool = (t: string) => this.one("MaxPool", [t], [{ name: "kernel_shape", ints: [5, 5] }, { name: "strides", ints: [1, 1] }, { name: "pads", ints: [2, 2, 2, 2] }]);
    const y0 = this.conv(x, c1, c1 / 2, 1);
    const y1 = pool(y0);
    const y2 = pool(y1);
    return this.conv(this.one("Concat", [y0, y1, y2, pool(y2)], [{ name: "axis", i: 1 }]), c1 * 2, c2, 1);
  }

  up(x: string): string {
    return this.one("Resize", [x, "", this.floats([4], (i) => (i < 2 ? 1 : 2))]);
  }

  cat(...xs: string[]): string {
    return this.one("Concat", xs, [{ name: "axis", i: 1 }]);
  }
}

/** The ONNX bytes of a YOLOv8n-shaped detector for `size` x `size` pictures (a multiple of 32). */
export function yoloNet(size: number): Uint8Array {
  const g = new Graph();
  const p1 = g.conv("images", 3, 16, 3, 2);
  const p2 = g.c2f(g.conv(p1, 16, 32, 3, 2), 32, 32, 1, true);
  const p3 = g.c2f(g.conv(p2, 32, 64, 3, 2), 64, 64, 2, true);
  const p4 = g.c2f(g.conv(p3, 64, 128, 3, 2), 128, 128, 2, true);
  const p5 = g.sppf(g.c2f(g.conv(p4, 128, 256, 3, 2), 256, 256, 1, true), 256, 256);
  const h4 = g.c2f(g.cat(g.up(p5), p4), 384, 128, 1, false);
  const o3 = g.c2f(g.cat(g.up(h4), p3), 192, 64, 1, false);
  const o4 = g.c2f(g.cat(g.conv(o3, 64, 64, 3, 2), h4), 192, 128, 1, false);
  const o5 = g.c2f(g.cat(g.conv(o4, 128, 128, 3, 2), p5), 384, 256, 1, false);

  // The detect head, per level: a box branch (4 x 16 bins) and a class branch, flattened to boxes.
  const boxes: string[] = [];
  const scores: string[] = [];
  const anchors: number[][] = [[], []];
  const strides: number[] = [];
  [o3, o4, o5].forEach((x, level) => {
    const c = [64, 128, 256][level] ?? 0;
    const stride = STRIDES[level] ?? 1;
    const cells = size / stride;
    // Both branches' widths follow the finest level's 64 channels, as in Ultralytics' Detect.
    const box = g.conv(g.conv(g.conv(x, c, 64, 3), 64, 64, 3), 64, 4 * BINS, 1, 1, false);
    const cls = g.conv(g.conv(g.conv(x, c, CLASSES, 3), CLASSES, CLASSES, 3), CLASSES, CLASSES, 1, 1, false, -9);
    boxes.push(g.one("Reshape", [box, g.ints([1, 4 * BINS, -1])]));
    scores.push(g.one("Reshape", [cls, g.ints([1, CLASSES, -1])]));
    for (let y = 0; y < cells; y++) {
      for (let x = 0; x < cells; x++) {
        anchors[0]?.push(x + 0.5);
        anchors[1]?.push(y + 0.5);
        strides.push(stride);
      }
    }
  });
  const count = strides.length;
  // Distribution focal loss: a softmax over each side's bins, then their expected value.
  const bins = g.one("Softmax", [g.one("Reshape", [g.one("Concat", boxes, [{ name: "axis", i: 2 }]), g.ints([1, 4, BINS, count])])], [{ name: "axis", i: 2 }]);
  const dist = g.one("Reshape", [g.one("MatMul", [g.one("Transpose", [bins], [{ name: "perm", ints: [0, 1, 3, 2] }]), g.floats([BINS, 1], (i) => i)]), g.ints([1, 4, count])]);
  const [lt, rb] = g.op("Split", [dist, g.ints([2, 2])], [{ name: "axis", i: 1 }], 2);
  const anchor = g.floats([1, 2, count], (i) => (i < count ? anchors[0]?.[i] : anchors[1]?.[i - count]) ?? 0);
  const x1y1 = g.one("Sub", [anchor, lt ?? ""]);
  const x2y2 = g.one("Add", [anchor, rb ?? ""]);
  const centre = g.one("Mul", [g.one("Add", [x1y1, x2y2]), g.floats([1], () => 0.5)]);
  const xywh = g.one("Mul", [g.cat(centre, g.one("Sub", [x2y2, x1y1])), g.floats([1, 1, count], (i) => strides[i] ?? 1)]);
  const out = g.one("Concat", [xywh, g.one("Sigmoid", [g.one("Concat", scores, [{ name: "axis", i: 2 }])])], [{ name: "axis", i: 1 }]);
  g.nodes.push({ opType: "Identity", input: [out], output: ["output0"], attribute: [] });

  const info = (name: string, dims: number[]) => ({ name, type: { tensorType: { elemType: FLOAT, shape: { dim: dims.map((dimValue) => ({ dimValue })) } } } });
  const Model = onnx.lookupType("Model");
  const model = Model.create({
    irVersion: 8,
    producerName: "service-core bench",
    opsetImport: [{ domain: "", version: 13 }],
    graph: { name: "yolov8n-shaped", node: g.nodes, initializer: g.initializers, input: [info("images", [1, 3, size, size])], output: [info("output0", [1, 4 + CLASSES, count])] },
  });
  return Model.encode(model).finish();
}
