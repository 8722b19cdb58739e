"""Build an independently made corpus into bench/out/fresh28/: scientific ML, graph and point-set models the way research
groups and physics / chemistry / earth-science projects export them for accelerators and devices. Graph neural networks
fed edge lists (message passing with tf.gather + tf.math.unsorted_segment_sum / segment_mean / segment_max, tf.scatter_nd
and tensor_scatter_nd_add aggregation, a GCN with a dense normalized adjacency, GAT segment softmax, GIN / GraphNets
blocks with readout by segment ids, SchNet continuous filters on radial bases with forces from tf.GradientTape,
MeshGraphNets, an interaction network with one-hot relation matrices); point clouds and particle physics (PointNet with
T-Nets, DGCNN EdgeConv with pairwise distances + top_k + gather(batch_dims=1), ParticleNet with masked kNN, Deep Sets,
a jet tagger computing log / atan2 / sinh features from (pt, eta, phi, E) in the graph, Energy / Particle Flow Networks,
a ParT-like pair-bias transformer, a calorimeter Conv3D); physics-informed and operator learning (PINN residuals with
nested GradientTapes, SIREN, FNO 1D / 2D with tf.signal.rfft / rfft2d and complex64 weights truncated to a few modes, a
float64 spectral Poisson solver with fft2d and tf.roll, RK4 unrolled in Python, Euler and RK4 in tf.while_loop, a
Hamiltonian net with a tape inside serving, DeepONet); normalizing flows and probabilistic heads (RealNVP couplings,
Glow actnorm + invertible 1x1 conv with slogdet, a mixture density network, a heteroscedastic Gaussian likelihood,
tf.random.stateless_normal sampling from a seed input); earth science and chemistry (a hand-written ConvLSTM nowcaster,
a U-Net with periodic longitude padding, float16-weight upwind advection with tf.roll, a float64 radiation column with
cumsum / cumprod, an EOS table interpolated with tf.searchsorted + gather, a float64 Gaussian process with cholesky /
triangular_solve, eigh of an inertia tensor, Conv1D on spectra and seismograms). Exported as tf.saved_model.save of
tf.Modules / tf.functions (several signatures where a project serves several), Keras 3 model.export (two under
mixed_float16), TF1 graphs frozen with graph_util.convert_variables_to_constants and TF2 functions frozen with
convert_variables_to_constants_v2; dynamic (None) node / particle counts and fixed padded sizes. Seeded random weights;
nothing is downloaded; every model runs forward once while it is built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh28.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh28.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh28.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh28.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh28.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh28", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (index ranges, sorted segment ids, masks, counts): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _export(m, out, sig=None):
    """run the Keras model once (inference) on the --check inputs, then model.export"""
    specs = sig or [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    keras_export(m, out, sig=sig)


def _freeze(fn, specs, out):
    """run fn once as a tf.function, then freeze it (convert_variables_to_constants_v2)"""
    vals = _feed(out, specs)
    tf.function(fn)(*[vals[s.name] for s in specs])
    freeze_function(fn, specs, out)


def _v1_freeze(out, build):
    """TF1 graph: build() makes placeholders / variables and returns the output tensors; initialize, run once on the
    --check inputs, then tf.compat.v1.graph_util.convert_variables_to_constants to the output node names"""
    v1 = tf.compat.v1
    with tf.Graph().as_default() as g:
        v1.set_random_seed(0)
        outputs = build()
        init = v1.global_variables_initializer()
    phs = {o.name: o.outputs[0] for o in g.get_operations() if o.type == "Placeholder"}
    vals = _feed(out, [tf.TensorSpec(t.shape, t.dtype, k) for k, t in phs.items()])
    with v1.Session(graph=g) as s:
        s.run(init)
        s.run(outputs, {phs[k]: v.numpy() for k, v in vals.items()})
        frozen = v1.graph_util.convert_variables_to_constants(s, g.as_graph_def(), [o.op.name for o in outputs])
    out.write_bytes(frozen.SerializeToString())


def _v1_lin(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights (glorot) / biases (zeros), matmul + bias, optional activation"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        b = v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _params(sizes, seed, dtype="float32", name="mlp"):
    """an MLP as research code keeps it: a list of (weight, bias) tf.Variables, glorot-normal weights, zero biases"""
    rng = np.random.default_rng(seed)
    return [(tf.Variable(rng.normal(0, np.sqrt(2.0 / (a + b)), (a, b)).astype(dtype), name=f"{name}_w{i}"),
             tf.Variable(np.zeros(b, dtype), name=f"{name}_b{i}")) for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:]))]


def _mlp(params, x, act=None, out_act=None):
    """apply _params: matmul (broadcast over leading dims) + bias, `act` between layers (relu), `out_act` last"""
    act = act or tf.nn.relu
    for i, (w, b) in enumerate(params):
        x = tf.matmul(x, w) + b
        x = act(x) if i < len(params) - 1 else (out_act(x) if out_act else x)
    return x


def _kmlp(shape, sizes, act="relu", out_act=None, norm=False):
    """Keras Sequential MLP on inputs of `shape`, LayerNormalization at the end if `norm` (MeshGraphNets style)"""
    layers = [keras.Input(shape)] + [L.Dense(s, activation=act) for s in sizes[:-1]] + [L.Dense(sizes[-1], activation=out_act)]
    return keras.Sequential(layers + ([L.LayerNormalization()] if norm else []))


def _graph_feed(rng, sizes, node_dim=None, edge_dim=None, p=0.4):
    """--check inputs for a batch of small random graphs (`sizes` nodes each; directed edges within a graph, ordered by
    graph) under the names the graph models use"""
    offs = np.cumsum([0, *sizes])
    per = [[(o + i, o + j) for i in range(n) for j in range(n) if i != j and rng.random() < p] for o, n in zip(offs, sizes)]
    s, r = np.array([e for g in per for e in g], "int32").T
    d = {"senders": s, "receivers": r, "edge_index": np.stack([s, r]), "edge_pairs": np.stack([s, r], 1),
         "graph_ids": np.repeat(np.arange(len(sizes)), sizes), "n_node": sizes, "n_edge": [len(g) for g in per],
         "edge_weight": rng.random(len(s))}
    if node_dim:
        d["node_features"] = d["nodes"] = rng.random((offs[-1], node_dim))
    if edge_dim:
        d["edge_features"] = d["edges"] = rng.random((len(s), edge_dim))
    return d


def _pairwise_sq(x):
    """[B,N,C] -> [B,N,N] squared euclidean distances, |a|^2 - 2ab + |b|^2"""
    sq = tf.reduce_sum(x * x, axis=-1, keepdims=True)
    return sq - 2.0 * tf.matmul(x, x, transpose_b=True) + tf.transpose(sq, [0, 2, 1])


def _knn_edges(points, feats, k, skip_self=True):
    """kNN on `points` by pairwise distance + tf.math.top_k, neighbours of `feats` by gather(batch_dims=1); returns
    EdgeConv features concat(x_i, x_j - x_i) [B,N,k,2C]"""
    _, idx = tf.math.top_k(-_pairwise_sq(points), k=k + int(skip_self))
    nb = tf.gather(feats, idx[:, :, int(skip_self):], batch_dims=1)
    c = tf.tile(feats[:, :, None, :], [1, 1, k, 1])
    return tf.concat([c, nb - c], axis=-1)


def _rk4_step(f, t, y, dt):
    """one classical Runge-Kutta step of dy/dt = f(t, y)"""
    k1 = f(t, y)
    k2 = f(t + dt / 2, y + dt / 2 * k1)
    k3 = f(t + dt / 2, y + dt / 2 * k2)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + f(t + dt, y + dt * k3))


def _molecules(rng, sizes, zmax=9, box=3.0):
    """--check inputs for a batch of molecules: atomic numbers, positions, all ordered atom pairs, molecule ids"""
    z, pos, i, j, mol, off = [], [], [], [], [], 0
    for m, n in enumerate(sizes):
        z += list(rng.integers(1, zmax, n))
        pos.append(rng.random((n, 3)) * box)
        i += [off + a for a in range(n) for b in range(n) if a != b]
        j += [off + b for a in range(n) for b in range(n) if a != b]
        mol += [m] * n
        off += n
    return {"atomic_numbers": z, "positions": np.concatenate(pos), "pair_i": i, "pair_j": j, "molecule_ids": mol,
            "num_molecules": len(sizes)}


# ================================================================================ graph neural networks

@model("s28_mpnn_segment_sum_gru_dynamic", "tf-module", "MPNN (Gilmer et al.) tf.Module on one graph with dynamic sizes: node_features float [None,16], edge_features [None,4], senders / receivers int32 [None]; raw-variable MLPs, 3 steps of message MLP on concat(h[senders], h[receivers], e) via tf.gather, tf.math.unsorted_segment_sum to receivers (num_segments = tf.shape), GRU update written out (sigmoid / tanh gates); outputs node_embeddings [None,32] and node_logits [None,3]")
def b_mpnn(out):
    embed, msg = _params([16, 32], 1, name="embed"), _params([68, 64, 32], 2, name="message")
    zr, cand, head = _params([64, 64], 3, name="gru_zr"), _params([64, 32], 4, name="gru_n"), _params([32, 32, 3], 5, name="head")

    @tf.function(input_signature=[tensor_spec([None, 16], name="node_features"), tensor_spec([None, 4], name="edge_features"),
                                  tensor_spec([None], "int32", "senders"), tensor_spec([None], "int32", "receivers")])
    def serve(node_features, edge_features, senders, receivers):
        h = tf.nn.relu(_mlp(embed, node_features))
        n = tf.shape(h)[0]
        for _ in range(3):
            m = _mlp(msg, tf.concat([tf.gather(h, senders), tf.gather(h, receivers), edge_features], axis=-1))
            agg = tf.math.unsorted_segment_sum(m, receivers, n)
            z, r = tf.split(tf.sigmoid(_mlp(zr, tf.concat([agg, h], -1))), 2, axis=-1)
            h = (1.0 - z) * tf.tanh(_mlp(cand, tf.concat([agg, r * h], -1))) + z * h
        return {"node_embeddings": h, "node_logits": _mlp(head, h)}
    _save(out, {"params": [embed, msg, zr, cand, head]}, serving_default=serve)


FEEDS["s28_mpnn_segment_sum_gru_dynamic"] = lambda rng: _graph_feed(rng, [11], node_dim=16, edge_dim=4)


@model("s28_gcn_dense_adjacency_padded_keras", "keras-export", "Kipf & Welling GCN on padded graphs, fixed 32 nodes: node_features float [None,32,8], adjacency [None,32,32], node_mask [None,32]; custom layer A+I, degree rsqrt, D^-1/2 (A+I) D^-1/2; GraphConv layers (Dense then batched tf.matmul with the normalized adjacency) 32 relu / Dropout / 32 relu / 4; outputs per-node logits and a masked-mean graph embedding -> Dense(2) graph logits; model.export")
def b_gcn(out):
    class NormalizedAdjacency(L.Layer):
        def call(self, a):
            a = a + tf.eye(32)
            d = tf.math.rsqrt(tf.maximum(tf.reduce_sum(a, axis=-1), 1e-6))
            return d[:, :, None] * a * d[:, None, :]

    class GraphConv(L.Layer):
        def __init__(self, units, activation=None, **kw):
            super().__init__(**kw)
            self.dense, self.act = L.Dense(units), keras.activations.get(activation)

        def call(self, x, a_hat):
            return self.act(tf.matmul(a_hat, self.dense(x)))
    x_in, a_in = keras.Input((32, 8), name="node_features"), keras.Input((32, 32), name="adjacency")
    m_in = keras.Input((32,), name="node_mask")
    a_hat = NormalizedAdjacency()(a_in)
    h = GraphConv(32, "relu")(L.Dropout(0.5)(GraphConv(32, "relu")(x_in, a_hat)), a_hat)
    node_logits = GraphConv(4, name="node_logits")(h, a_hat)
    pooled = L.Lambda(lambda t: tf.reduce_sum(t[0] * t[1][..., None], 1) / tf.maximum(tf.reduce_sum(t[1], 1, keepdims=True), 1.0),
                      output_shape=(32,))([h, m_in])
    _export(keras.Model([x_in, a_in, m_in], {"node_logits": node_logits, "graph_logits": L.Dense(2)(pooled)}), out)


FEEDS["s28_gcn_dense_adjacency_padded_keras"] = lambda rng: {
    "adjacency": (rng.random((2, 32, 32)) < 0.15).astype("float32"), "node_mask": np.tile(np.arange(32) < 20, (2, 1))}


@model("s28_gat_segment_softmax_multihead", "tf-module", "GAT (Velickovic et al.) tf.Module: node_features float [None,12], edge_index int64 [2,None] plus self loops from tf.range; 4 heads: Wh reshaped [N,4,8], leaky_relu(a_src.Wh[src] + a_dst.Wh[dst]), segment softmax by tf.math.unsorted_segment_max / exp / unsorted_segment_sum over destination nodes, weighted unsorted_segment_sum aggregation, ELU; second layer averages heads -> logits / probabilities [None,3]")
def b_gat(out):
    H, F = 4, 8
    rng = np.random.default_rng(3)
    v = [tf.Variable(rng.normal(0, 0.3, s).astype("float32")) for s in ((12, H * F), (H, F), (H, F), (H * F, H * 3), (H, 3), (H, 3))]

    def gat(x, W, a_s, a_d, src, dst, n, f):
        wh = tf.reshape(tf.matmul(x, W), [-1, H, f])
        e = tf.nn.leaky_relu(tf.reduce_sum(tf.gather(wh, src) * a_s, -1) + tf.reduce_sum(tf.gather(wh, dst) * a_d, -1), 0.2)
        e = tf.exp(e - tf.gather(tf.math.unsorted_segment_max(e, dst, n), dst))
        alpha = e / tf.gather(tf.math.unsorted_segment_sum(e, dst, n) + 1e-16, dst)
        return tf.math.unsorted_segment_sum(alpha[..., None] * tf.gather(wh, src), dst, n)

    @tf.function(input_signature=[tensor_spec([None, 12], name="node_features"), tensor_spec([2, None], "int64", "edge_index")])
    def serve(node_features, edge_index):
        n = tf.shape(node_features, out_type=tf.int64)[0]
        src, dst = tf.concat([edge_index[0], tf.range(n)], 0), tf.concat([edge_index[1], tf.range(n)], 0)
        h = tf.nn.elu(tf.reshape(gat(node_features, v[0], v[1], v[2], src, dst, n, F), [-1, H * F]))
        logits = tf.reduce_mean(gat(h, v[3], v[4], v[5], src, dst, n, 3), axis=1)
        return {"logits": logits, "probabilities": tf.nn.softmax(logits)}
    _save(out, {"params": v}, serving_default=serve)


FEEDS["s28_gat_segment_softmax_multihead"] = lambda rng: _graph_feed(rng, [9], node_dim=12)


@model("s28_gin_readout_segment_mean_max_frozen", "frozen-pb", "GIN graph regressor over a batch of molecules frozen with convert_variables_to_constants_v2, dynamic: node_features float [None,9], edge_pairs int32 [None,2], sorted graph_ids int32 [None]; 2 GIN layers ((1+eps) h + unsorted_segment_sum of tf.gather'd neighbours, MLP); readout concat(tf.math.segment_mean, tf.math.segment_max) over graph_ids, MLP -> graph_property [G,1]")
def b_gin(out):
    layers, eps = [_params([9, 32, 32], 4, name="gin0"), _params([32, 32, 32], 5, name="gin1")], tf.Variable([0.1, 0.1])
    head = _params([64, 32, 1], 6, name="readout")

    def fn(node_features, edge_pairs, graph_ids):
        h, n = node_features, tf.shape(node_features)[0]
        for k, p in enumerate(layers):
            agg = tf.math.unsorted_segment_sum(tf.gather(h, edge_pairs[:, 0]), edge_pairs[:, 1], n)
            h = tf.nn.relu(_mlp(p, (1.0 + eps[k]) * h + agg))
        g = tf.concat([tf.math.segment_mean(h, graph_ids), tf.math.segment_max(h, graph_ids)], axis=-1)
        return tf.identity(_mlp(head, g), name="graph_property")
    _freeze(fn, [tensor_spec([None, 9], name="node_features"), tensor_spec([None, 2], "int32", "edge_pairs"),
                 tensor_spec([None], "int32", "graph_ids")], out)


OUTPUTS["s28_gin_readout_segment_mean_max_frozen"] = ["graph_property"]
FEEDS["s28_gin_readout_segment_mean_max_frozen"] = lambda rng: _graph_feed(rng, [5, 7, 4], node_dim=9)


@model("s28_graphsage_scatter_nd_aggregation", "tf-module", "GraphSAGE-mean tf.Module aggregating with scatter ops: node_features float [None,8], edge_pairs int64 [None,2], edge_weight [None]; in-degree by tf.tensor_scatter_nd_add on zeros, weighted neighbour sums by tf.scatter_nd into a shape from tf.shape (int64), mean = sum / max(deg,1), concat with self, raw-variable Dense, relu, tf.math.l2_normalize; 2 layers; outputs embeddings [None,32], in_degree")
def b_sage(out):
    layers = [_params([16, 32], 7, name="sage0"), _params([64, 32], 8, name="sage1")]

    @tf.function(input_signature=[tensor_spec([None, 8], name="node_features"), tensor_spec([None, 2], "int64", "edge_pairs"),
                                  tensor_spec([None], name="edge_weight")])
    def serve(node_features, edge_pairs, edge_weight):
        h, n, dst = node_features, tf.shape(node_features, out_type=tf.int64)[0], edge_pairs[:, 1:2]
        deg = tf.tensor_scatter_nd_add(tf.zeros(tf.reshape(n, [1])), dst, tf.ones_like(edge_weight))
        for p in layers:
            msgs = tf.gather(h, edge_pairs[:, 0]) * edge_weight[:, None]
            agg = tf.scatter_nd(dst, msgs, tf.stack([n, tf.shape(h, out_type=tf.int64)[1]]))
            h = tf.math.l2_normalize(tf.nn.relu(_mlp(p, tf.concat([h, agg / tf.maximum(deg, 1.0)[:, None]], -1))), axis=-1)
        return {"embeddings": h, "in_degree": deg}
    _save(out, {"params": layers}, serving_default=serve)


FEEDS["s28_graphsage_scatter_nd_aggregation"] = lambda rng: _graph_feed(rng, [10], node_dim=8)


@model("s28_schnet_rbf_cfconv_energy_forces", "tf-module", "SchNet-like interatomic potential, two signatures over a batch of molecules (dynamic): atomic_numbers int32 [None] (tf.gather of an embedding table), positions float [None,3], pair_i / pair_j int32 [None], molecule_ids int32 [None], num_molecules int32 []; distances, 25 Gaussian radial basis functions exp(-10 (d - mu)^2), cosine cutoff, filter networks with shifted softplus, 3 cfconv interactions (unsorted_segment_sum), atomwise energies summed per molecule; energy -> energy [M]; energy_forces -> energy and forces = -tf.GradientTape gradient wrt positions (IndexedSlices from the gathers, made dense by tf.convert_to_tensor)")
def b_schnet(out):
    rng = np.random.default_rng(6)
    emb = tf.Variable(rng.normal(0, 0.5, (10, 32)).astype("float32"), name="atom_embedding")
    filt = [_params([25, 32, 32], 10 + k, name=f"filter{k}") for k in range(3)]
    inter = [_params([32, 32, 32], 20 + k, name=f"interaction{k}") for k in range(3)]
    atomwise, mu = _params([32, 16, 1], 30, name="atomwise"), np.linspace(0.0, 5.0, 25).astype("float32")
    ssp = lambda x: tf.nn.softplus(x) - np.log(2.0)  # noqa: E731 - shifted softplus

    def energy(z, pos, i, j, mol, n_mol):
        rij = tf.gather(pos, j) - tf.gather(pos, i)
        d = tf.sqrt(tf.reduce_sum(rij * rij, axis=-1) + 1e-9)
        rbf = tf.exp(-10.0 * tf.square(d[:, None] - mu))
        cutoff = 0.5 * (tf.cos(d * np.pi / 5.0) + 1.0) * tf.cast(d < 5.0, tf.float32)
        x = tf.gather(emb, z)
        for f, p in zip(filt, inter):
            w = _mlp(f, rbf, act=ssp) * cutoff[:, None]
            x = x + _mlp(p, tf.math.unsorted_segment_sum(tf.gather(x, j) * w, i, tf.shape(x)[0]), act=ssp)
        return tf.math.unsorted_segment_sum(tf.squeeze(_mlp(atomwise, x, act=ssp), -1), mol, n_mol)
    specs = [tensor_spec([None], "int32", "atomic_numbers"), tensor_spec([None, 3], name="positions"),
             tensor_spec([None], "int32", "pair_i"), tensor_spec([None], "int32", "pair_j"),
             tensor_spec([None], "int32", "molecule_ids"), tensor_spec([], "int32", "num_molecules")]

    @tf.function(input_signature=specs)
    def energy_only(atomic_numbers, positions, pair_i, pair_j, molecule_ids, num_molecules):
        return {"energy": energy(atomic_numbers, positions, pair_i, pair_j, molecule_ids, num_molecules)}

    @tf.function(input_signature=specs)
    def energy_forces(atomic_numbers, positions, pair_i, pair_j, molecule_ids, num_molecules):
        with tf.GradientTape() as tape:
            tape.watch(positions)
            e = energy(atomic_numbers, positions, pair_i, pair_j, molecule_ids, num_molecules)
        return {"energy": e, "forces": -tf.convert_to_tensor(tape.gradient(e, positions))}
    _save(out, {"params": [emb, filt, inter, atomwise]}, serving_default=energy_only, energy_forces=energy_forces)


FEEDS["s28_schnet_rbf_cfconv_energy_forces"] = lambda rng: _molecules(rng, [4, 6])


@model("s28_interaction_network_nbody_keras", "keras-export", "Interaction Network (Battaglia et al.) for a 6-body system as a Keras custom layer, fixed objects float [None,6,5] (mass, x, y, vx, vy): constant one-hot sender / receiver matrices [6,30], tf.einsum to gather sender and receiver states per relation, relational MLP (Dense 64 / 64 / 16 on [B,30,d]), einsum aggregation back to receivers, object MLP -> accelerations [None,6,2]; Lambda semi-implicit Euler step (dt 0.01) -> next_state; model.export")
def b_interaction(out):
    pairs = [(s, r) for r in range(6) for s in range(6) if s != r]
    Rs, Rr = (np.eye(6, dtype="float32")[:, [p[k] for p in pairs]] for k in (0, 1))

    class InteractionNetwork(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.relational = [L.Dense(64, activation="relu"), L.Dense(64, activation="relu"), L.Dense(16)]
            self.object_model = [L.Dense(64, activation="relu"), L.Dense(2)]

        def call(self, objects):
            snd, rcv = tf.einsum("bod,or->brd", objects, Rs), tf.einsum("bod,or->brd", objects, Rr)
            e = tf.concat([snd, rcv, rcv[..., 1:3] - snd[..., 1:3]], axis=-1)
            for layer in self.relational:
                e = layer(e)
            h = tf.concat([objects, tf.einsum("brd,or->bod", e, Rr)], axis=-1)
            for layer in self.object_model:
                h = layer(h)
            return h
    inp = keras.Input((6, 5), name="objects")
    acc = InteractionNetwork(name="accelerations")(inp)

    def euler(t):
        o, a = t
        vel = o[..., 3:] + 0.01 * a
        return tf.concat([o[..., :1], o[..., 1:3] + 0.01 * vel, vel], axis=-1)
    _export(keras.Model(inp, {"accelerations": acc, "next_state": L.Lambda(euler, output_shape=(6, 5))([inp, acc])}), out)


@model("s28_tf1_graphnets_blocks_frozen", "frozen-pb", "DeepMind graph_nets-style GraphNetwork written in TF1 (tf.compat.v1 placeholders, get_variable Dense), frozen with graph_util.convert_variables_to_constants: nodes float [None,6], edges [None,3], senders / receivers int32 [None], n_node / n_edge int32 [None]; graph ids by tf.repeat(tf.range, n_node); 2 blocks of edge update (edges, nodes[senders], nodes[receivers], globals[edge graph]), node update (unsorted_segment_sum of edges to receivers, globals), global update (segment sums of nodes / edges per graph); outputs node_output [None,2], global_output [G,2]")
def b_tf1_graphnets(out):
    v1 = tf.compat.v1

    def build():
        nodes, edges = v1.placeholder(tf.float32, [None, 6], "nodes"), v1.placeholder(tf.float32, [None, 3], "edges")
        senders, receivers = v1.placeholder(tf.int32, [None], "senders"), v1.placeholder(tf.int32, [None], "receivers")
        n_node, n_edge = v1.placeholder(tf.int32, [None], "n_node"), v1.placeholder(tf.int32, [None], "n_edge")
        n_graph, n_total = tf.shape(n_node)[0], tf.shape(nodes)[0]
        node_gid, edge_gid = tf.repeat(tf.range(n_graph), n_node), tf.repeat(tf.range(n_graph), n_edge)
        glob = tf.zeros(tf.stack([n_graph, 4]))
        for step in range(2):
            with v1.variable_scope(f"block{step}"):
                e_in = tf.concat([edges, tf.gather(nodes, senders), tf.gather(nodes, receivers), tf.gather(glob, edge_gid)], 1)
                edges = _v1_lin(_v1_lin(e_in, "edge_mlp0", 32, tf.nn.relu), "edge_mlp1", 16)
                n_in = tf.concat([nodes, tf.math.unsorted_segment_sum(edges, receivers, n_total), tf.gather(glob, node_gid)], 1)
                nodes = _v1_lin(_v1_lin(n_in, "node_mlp0", 32, tf.nn.relu), "node_mlp1", 16)
                g_in = tf.concat([glob, tf.math.unsorted_segment_sum(nodes, node_gid, n_graph),
                                  tf.math.unsorted_segment_sum(edges, edge_gid, n_graph)], 1)
                glob = _v1_lin(_v1_lin(g_in, "global_mlp0", 32, tf.nn.relu), "global_mlp1", 16)
        return [tf.identity(_v1_lin(nodes, "node_readout", 2), name="node_output"),
                tf.identity(_v1_lin(glob, "global_readout", 2), name="global_output")]
    _v1_freeze(out, build)


OUTPUTS["s28_tf1_graphnets_blocks_frozen"] = ["node_output", "global_output"]
FEEDS["s28_tf1_graphnets_blocks_frozen"] = lambda rng: _graph_feed(rng, [4, 6, 5], node_dim=6, edge_dim=3)


@model("s28_meshgraphnet_encode_process_decode", "tf-module", "MeshGraphNets (Pfaff et al.) cloth / CFD step as a tf.Module of Keras Sequential MLPs with LayerNormalization, dynamic mesh: mesh_pos float [None,2], velocity [None,2], node_type int32 [None] (tf.one_hot 4), senders / receivers int32 [None]; edge features relative mesh position + norm; encoder, 3 unshared processor steps (edge update on concat(e, h_s, h_r), node update with unsorted_segment_sum, residuals), decoder -> acceleration; boundary nodes (type 1) kept fixed with tf.where; outputs acceleration, next_velocity")
def b_meshgraphnet(out):
    enc_n, enc_e = _kmlp((6,), [32, 32], norm=True), _kmlp((3,), [32, 32], norm=True)
    proc = [(_kmlp((96,), [32, 32], norm=True), _kmlp((64,), [32, 32], norm=True)) for _ in range(3)]
    dec = _kmlp((32,), [32, 2])

    @tf.function(input_signature=[tensor_spec([None, 2], name="mesh_pos"), tensor_spec([None, 2], name="velocity"),
                                  tensor_spec([None], "int32", "node_type"), tensor_spec([None], "int32", "senders"),
                                  tensor_spec([None], "int32", "receivers")])
    def step(mesh_pos, velocity, node_type, senders, receivers):
        rel = tf.gather(mesh_pos, senders) - tf.gather(mesh_pos, receivers)
        e = enc_e(tf.concat([rel, tf.norm(rel, axis=-1, keepdims=True)], -1))
        h = enc_n(tf.concat([velocity, tf.one_hot(node_type, 4)], -1))
        for edge_fn, node_fn in proc:
            e = e + edge_fn(tf.concat([e, tf.gather(h, senders), tf.gather(h, receivers)], -1))
            h = h + node_fn(tf.concat([h, tf.math.unsorted_segment_sum(e, receivers, tf.shape(h)[0])], -1))
        acc = dec(h)
        fixed = tf.equal(node_type, 1)[:, None]
        return {"acceleration": acc, "next_velocity": tf.where(fixed, velocity, velocity + acc)}
    _save(out, {"mlps": [enc_n, enc_e, proc, dec]}, serving_default=step)


FEEDS["s28_meshgraphnet_encode_process_decode"] = lambda rng: {
    **_graph_feed(rng, [14], p=0.3), "mesh_pos": rng.random((14, 2)), "velocity": rng.normal(0, 0.1, (14, 2)),
    "node_type": rng.integers(0, 4, 14)}


# ================================================================================ point clouds and particle physics

@model("s28_pointnet_tnet_classifier_keras", "keras-export", "PointNet classifier (Qi et al.), points float [None,256,3]: input T-Net (Conv1D 1x1 32 / 64, GlobalMaxPooling1D, Dense, Dense(9) zero kernel + identity bias, Reshape 3x3, Dot) and feature T-Net (32x32), shared MLP as Conv1D kernel 1 + BatchNormalization + ReLU (32, 32, 32, 64, 128), GlobalMaxPooling1D, Dense 64, Dropout, Dense(10, softmax); model.export")
def b_pointnet(out):
    def tnet(x, k):
        t = L.Conv1D(64, 1, activation="relu")(L.Conv1D(32, 1, activation="relu")(x))
        t = L.Dense(32, activation="relu")(L.GlobalMaxPooling1D()(t))
        t = L.Dense(k * k, kernel_initializer="zeros", bias_initializer=keras.initializers.Constant(np.eye(k).flatten()))(t)
        return L.Dot(axes=(2, 1))([x, L.Reshape((k, k))(t)])

    def conv_bn(x, f):
        return L.ReLU()(L.BatchNormalization()(L.Conv1D(f, 1)(x)))
    inp = keras.Input((256, 3), name="points")
    x = tnet(conv_bn(conv_bn(tnet(inp, 3), 32), 32), 32)
    for f in (32, 64, 128):
        x = conv_bn(x, f)
    x = L.Dropout(0.3)(L.Dense(64, activation="relu")(L.GlobalMaxPooling1D()(x)))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="class_probs")(x)), out)


@model("s28_dgcnn_edgeconv_knn_topk_keras", "keras-export", "DGCNN (Wang et al.) with a custom EdgeConv layer, points float [None,128,3]: pairwise squared distances (matmul), tf.math.top_k(-d, k=10), tf.gather(batch_dims=1) neighbours, concat(x_i, x_j - x_i) [B,128,10,2C], Dense + BatchNormalization + LeakyReLU(0.2), reduce_max over neighbours; 3 EdgeConvs recomputing the graph in feature space, concat, Conv1D(128), global max + average pooling, Dense(64), Dense(8) logits; model.export")
def b_dgcnn(out):
    class EdgeConv(L.Layer):
        def __init__(self, units, k, **kw):
            super().__init__(**kw)
            self.k, self.mlp = k, [L.Dense(units, use_bias=False), L.BatchNormalization(), L.LeakyReLU(0.2)]

        def call(self, x):
            e = _knn_edges(x, x, self.k, skip_self=False)
            for layer in self.mlp:
                e = layer(e)
            return tf.reduce_max(e, axis=2)
    inp = keras.Input((128, 3), name="points")
    x1 = EdgeConv(32, 10)(inp)
    x2 = EdgeConv(32, 10)(x1)
    x3 = EdgeConv(64, 10)(x2)
    x = L.Conv1D(128, 1, activation="relu")(L.Concatenate()([x1, x2, x3]))
    x = L.Concatenate()([L.GlobalMaxPooling1D()(x), L.GlobalAveragePooling1D()(x)])
    _export(keras.Model(inp, L.Dense(8, name="logits")(L.Dense(64, activation="relu")(x))), out)


@model("s28_particlenet_masked_knn_frozen", "frozen-pb", "ParticleNet (Qu & Gouskos) jet tagger frozen with convert_variables_to_constants_v2, fixed padded jets: points float [1,64,2] (delta eta, delta phi), features [1,64,4], mask [1,64,1]; padded particles shifted by 1e9 before kNN (pairwise distances, top_k 8+1, self dropped, gather batch_dims=1), 2 EdgeConv blocks (raw-variable MLP on concat(x_i, x_j - x_i), mean over neighbours, linear shortcut, relu), fusion, masked average pooling, MLP -> softmax jet_probabilities [1,2]")
def b_particlenet(out):
    ec1, ec2 = _params([8, 32, 32], 60, name="ec1"), _params([64, 48, 48], 61, name="ec2")
    fuse = _params([80, 64], 62, name="fusion")
    sc1, sc2, head = _params([4, 32], 63, name="sc1"), _params([32, 48], 64, name="sc2"), _params([64, 64, 2], 65, name="head")

    def edge_conv(pts, feats, p, sc):
        e = _mlp(p, _knn_edges(pts, feats, 8), out_act=tf.nn.relu)
        return tf.nn.relu(tf.reduce_mean(e, axis=2) + _mlp(sc, feats))

    def fn(points, features, mask):
        shift = (1.0 - mask) * 1e9
        x1 = edge_conv(points + shift, features * mask, ec1, sc1) * mask
        x2 = edge_conv(x1 + shift, x1, ec2, sc2) * mask
        fused = tf.nn.relu(_mlp(fuse, tf.concat([x1, x2], -1))) * mask
        pooled = tf.reduce_sum(fused, 1) / tf.maximum(tf.reduce_sum(mask, 1), 1.0)
        return tf.identity(tf.nn.softmax(_mlp(head, pooled)), name="jet_probabilities")
    _freeze(fn, [tensor_spec([1, 64, 2], name="points"), tensor_spec([1, 64, 4], name="features"),
                 tensor_spec([1, 64, 1], name="mask")], out)


OUTPUTS["s28_particlenet_masked_knn_frozen"] = ["jet_probabilities"]
FEEDS["s28_particlenet_masked_knn_frozen"] = lambda rng: {
    "points": rng.normal(0, 0.4, (1, 64, 2)), "mask": (np.arange(64) < 37).astype("float32").reshape(1, 64, 1)}


@model("s28_deepsets_masked_sum_mixed_float16", "keras-export", "Deep Sets event classifier built under the mixed_float16 policy: particles float [None,50,4], mask [None,50]; phi Dense 64 / 64 / 32 per particle (float16 compute), Lambda masked sum (mask cast to the compute dtype) and log1p(multiplicity), rho Dense 64 / 32, Dense(1, sigmoid, dtype float32) output; model.export")
def b_deepsets(out):
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        p_in, m_in = keras.Input((50, 4), name="particles"), keras.Input((50,), name="mask")
        x = p_in
        for f in (64, 64, 32):
            x = L.Dense(f, activation="relu")(x)
        s = L.Lambda(lambda t: tf.reduce_sum(t[0] * tf.cast(t[1], t[0].dtype)[..., None], axis=1), output_shape=(32,))([x, m_in])
        n = L.Lambda(lambda t: tf.math.log1p(tf.reduce_sum(t, axis=1, keepdims=True)), output_shape=(1,))(m_in)
        x = L.Dense(32, activation="relu")(L.Dense(64, activation="relu")(L.Concatenate()([s, n])))
        m = keras.Model([p_in, m_in], L.Dense(1, activation="sigmoid", dtype="float32", name="signal_prob")(x))
        _export(m, out)
    finally:
        keras.mixed_precision.set_global_policy("float32")


FEEDS["s28_deepsets_masked_sum_mixed_float16"] = lambda rng: {"mask": (rng.random((2, 50)) < 0.6).astype("float32")}


@model("s28_jet_tagger_pt_eta_phi_features", "tf-module", "jet tagger serving raw constituents, tf.Module signature float [None,30,4] (pt, eta, phi, E; zero-pt padding): mask = pt > 0, jet axis from pt-weighted cos / sin sums and tf.atan2, jet eta, jet mass from sinh(eta) pz; per-particle features log pt, log E, log pt / jet pt, log E / jet E, delta eta, delta phi wrapped by atan2(sin, cos), delta R, masked; Keras Conv1D(1x1) 64 / 32 + masked mean + Dense -> probabilities [None,3]; also outputs jet_pt, jet_eta, jet_phi, jet_mass")
def b_jet_tagger(out):
    f_in, m_in = keras.Input((30, 7)), keras.Input((30,))
    x = L.Conv1D(32, 1, activation="relu")(L.Conv1D(64, 1, activation="relu")(f_in))
    x = L.Lambda(lambda t: tf.reduce_sum(t[0] * t[1][..., None], 1) / tf.maximum(tf.reduce_sum(t[1], 1, keepdims=True), 1.0),
                 output_shape=(32,))([x, m_in])
    net = keras.Model([f_in, m_in], L.Dense(3)(L.Dense(32, activation="relu")(x)))

    @tf.function(input_signature=[tensor_spec([None, 30, 4], name="constituents")])
    def serve(constituents):
        pt, eta, phi, e = tf.unstack(constituents, axis=-1)
        mask = tf.cast(pt > 0, tf.float32)
        px, py, pz = tf.reduce_sum(pt * tf.cos(phi), 1), tf.reduce_sum(pt * tf.sin(phi), 1), tf.reduce_sum(pt * tf.sinh(eta), 1)
        jet_pt, jet_phi, jet_e = tf.sqrt(px * px + py * py), tf.atan2(py, px), tf.reduce_sum(e, 1)
        jet_eta = tf.reduce_sum(pt * eta, 1) / tf.maximum(tf.reduce_sum(pt, 1), 1e-6)
        deta = eta - jet_eta[:, None]
        dphi = tf.atan2(tf.sin(phi - jet_phi[:, None]), tf.cos(phi - jet_phi[:, None]))
        safe_log = lambda t: tf.math.log(tf.maximum(t, 1e-8)) * mask  # noqa: E731
        feats = tf.stack([safe_log(pt), safe_log(e), safe_log(pt / jet_pt[:, None]), safe_log(e / jet_e[:, None]),
                          deta * mask, dphi * mask, tf.sqrt(deta * deta + dphi * dphi) * mask], axis=-1)
        return {"probabilities": tf.nn.softmax(net([feats, mask], training=False)), "jet_pt": jet_pt, "jet_eta": jet_eta,
                "jet_phi": jet_phi, "jet_mass": tf.sqrt(tf.maximum(jet_e ** 2 - px ** 2 - py ** 2 - pz ** 2, 0.0))}
    _save(out, {"model": net}, serving_default=serve)


def _jets(rng, b, n, n_real):
    pt = rng.exponential(20.0, (b, n)) * (np.arange(n) < n_real)
    eta, phi = rng.normal(0, 0.4, (b, n)), rng.uniform(-np.pi, np.pi, (b, n))
    return np.stack([pt, eta, phi, pt * np.cosh(eta)], -1)


FEEDS["s28_jet_tagger_pt_eta_phi_features"] = lambda rng: {"constituents": _jets(rng, 2, 30, 18)}


@model("s28_energy_flow_pfn_two_signatures", "tf-module", "Energy Flow / Particle Flow Networks (Komiske et al.), dynamic batch and particle count, particles float [None,None,3] (pt, rapidity, phi): efn (serving_default) z_i = pt_i / sum pt, Phi(y, phi) raw-variable MLP, tf.einsum('bn,bnl->bl') energy-weighted sum, F MLP -> signal_prob and latent [None,32]; pfn: Phi(pt, y, phi) summed with the pt > 0 mask -> signal_prob")
def b_efn(out):
    phi_e, f_e = _params([2, 64, 64, 32], 70, name="efn_phi"), _params([32, 64, 1], 71, name="efn_f")
    phi_p, f_p = _params([3, 64, 64, 32], 72, name="pfn_phi"), _params([32, 64, 1], 73, name="pfn_f")
    spec = [tensor_spec([None, None, 3], name="particles")]

    @tf.function(input_signature=spec)
    def efn(particles):
        pt = particles[..., 0]
        z = pt / tf.maximum(tf.reduce_sum(pt, axis=-1, keepdims=True), 1e-8)
        latent = tf.einsum("bn,bnl->bl", z, _mlp(phi_e, particles[..., 1:], out_act=tf.nn.relu))
        return {"signal_prob": tf.sigmoid(_mlp(f_e, latent)), "latent": latent}

    @tf.function(input_signature=spec)
    def pfn(particles):
        mask = tf.cast(particles[..., :1] > 0, tf.float32)
        latent = tf.reduce_sum(_mlp(phi_p, particles, out_act=tf.nn.relu) * mask, axis=1)
        return {"signal_prob": tf.sigmoid(_mlp(f_p, latent))}
    _save(out, {"params": [phi_e, f_e, phi_p, f_p]}, serving_default=efn, pfn=pfn)


@model("s28_particle_transformer_pair_bias_keras", "keras-export", "ParT-like particle transformer as Keras custom layers, four_momenta float [None,32,4] (E, px, py, pz): particle features (log pt, log E, eta = asinh(pz / pt), phi = atan2) embedded; pairwise interaction features ln delta, ln kT, ln z, ln m^2 from broadcast 4-vectors -> Dense -> per-head attention bias [B,4,32,32]; 2 blocks of hand-written multi-head attention (einsum q.k + bias, softmax, einsum) + GELU FFN with LayerNormalization, mean pooling, Dense(5) logits; model.export")
def b_part(out):
    H, D = 4, 8

    class Kinematics(L.Layer):
        """particle features (log pt, log E, eta, phi) and pair features (ln delta, ln kT, ln z, ln m^2)"""
        def call(self, p):
            e, px, py, pz = tf.unstack(p, axis=-1)
            pt = tf.sqrt(px * px + py * py + 1e-8)
            eta, phi = tf.asinh(pz / pt), tf.atan2(py, px)
            i, j = (lambda t: t[:, :, None]), (lambda t: t[:, None, :])
            dphi = tf.atan2(tf.sin(i(phi) - j(phi)), tf.cos(i(phi) - j(phi)))
            delta, ptmin = tf.sqrt((i(eta) - j(eta)) ** 2 + dphi ** 2 + 1e-8), tf.minimum(i(pt), j(pt))
            m2 = (i(e) + j(e)) ** 2 - (i(px) + j(px)) ** 2 - (i(py) + j(py)) ** 2 - (i(pz) + j(pz)) ** 2
            return (tf.stack([tf.math.log(pt), tf.math.log(tf.maximum(e, 1e-8)), eta, phi], axis=-1),
                    tf.stack([tf.math.log(delta), tf.math.log(ptmin * delta + 1e-8), tf.math.log(ptmin / (i(pt) + j(pt)) + 1e-8),
                              tf.math.log(tf.maximum(m2, 1e-8))], axis=-1))

    class PairBiasAttention(L.Layer):
        def __init__(self, **kw):
            super().__init__(**kw)
            self.qkv, self.o, self.ln1, self.ln2 = L.Dense(3 * H * D), L.Dense(H * D), L.LayerNormalization(), L.LayerNormalization()
            self.ffn = [L.Dense(64, activation="gelu"), L.Dense(H * D)]

        def call(self, x, bias):
            q, k, v = tf.split(tf.reshape(self.qkv(self.ln1(x)), [-1, 32, 3 * H, D]), 3, axis=2)
            att = tf.nn.softmax(tf.einsum("bnhd,bmhd->bhnm", q, k) / np.sqrt(D) + bias, axis=-1)
            x = x + self.o(tf.reshape(tf.einsum("bhnm,bmhd->bnhd", att, v), [-1, 32, H * D]))
            h = self.ln2(x)
            for layer in self.ffn:
                h = layer(h)
            return x + h
    inp = keras.Input((32, 4), name="four_momenta")
    part, pair = Kinematics()(inp)
    x = L.Dense(H * D)(L.Dense(64, activation="gelu")(part))
    bias = L.Permute((3, 1, 2))(L.Dense(H)(L.Dense(16, activation="gelu")(pair)))
    for _ in range(2):
        x = PairBiasAttention()(x, bias)
    _export(keras.Model(inp, L.Dense(5, name="logits")(L.GlobalAveragePooling1D()(L.LayerNormalization()(x)))), out)


def _four_momenta(rng, b, n):
    """(E, px, py, pz) of made-up massive constituents"""
    pt, eta, phi, _ = np.moveaxis(_jets(rng, b, n, n), -1, 0)
    px, py, pz = pt * np.cos(phi), pt * np.sin(phi), pt * np.sinh(eta)
    return np.stack([np.sqrt(px ** 2 + py ** 2 + pz ** 2 + 0.01), px, py, pz], -1)


FEEDS["s28_particle_transformer_pair_bias_keras"] = lambda rng: {"four_momenta": _four_momenta(rng, 2, 32)}


@model("s28_calorimeter_conv3d_mixed_float16", "keras-export", "calorimeter shower model on a voxel grid built under mixed_float16: cell_energies float [None,12,12,24,1]; Lambda log1p(relu), Conv3D 8 / 16 / 32 (same, relu) downsampled by stride-2 Conv3D (no float16 MaxPool3D kernel on CPU), GlobalAveragePooling3D, concat log1p of the total deposited energy (Lambda reduce_sum), Dense 64; float32 heads energy Dense(1, softplus) and particle Dense(3, softmax); model.export")
def b_calo(out):
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        inp = keras.Input((12, 12, 24, 1), name="cell_energies")
        x = L.Lambda(lambda t: tf.math.log1p(tf.nn.relu(t)), output_shape=(12, 12, 24, 1))(inp)
        for f in (8, 16):
            x = L.Conv3D(f, 3, strides=2, padding="same", activation="relu")(L.Conv3D(f, 3, padding="same", activation="relu")(x))
        x = L.GlobalAveragePooling3D()(L.Conv3D(32, 3, padding="same", activation="relu")(x))
        total = L.Lambda(lambda t: tf.math.log1p(tf.reduce_sum(tf.nn.relu(t), axis=[1, 2, 3])), output_shape=(1,))(inp)
        x = L.Dense(64, activation="relu")(L.Concatenate()([x, total]))
        m = keras.Model(inp, {"energy": L.Dense(1, activation="softplus", dtype="float32", name="energy")(x),
                              "particle": L.Dense(3, activation="softmax", dtype="float32", name="particle")(x)})
        _export(m, out)
    finally:
        keras.mixed_precision.set_global_policy("float32")


# ================================================================================ physics-informed and operator learning

@model("s28_pinn_burgers_residual_two_signatures", "tf-module", "PINN for viscous Burgers (Raissi et al.), raw-variable tanh MLP 2 -> 32 x4 -> 1: serving_default predict(t_x float [None,2]) -> u; residual(t [None,1], x [None,1]) with nested tf.GradientTapes (persistent inner) -> u, u_t, u_x, u_xx and pde_residual = u_t + u u_x - (0.01/pi) u_xx")
def b_pinn(out):
    params = _params([2, 32, 32, 32, 32, 1], 90, name="pinn")

    def u_fn(t, x):
        return _mlp(params, tf.concat([t, x], axis=-1), act=tf.tanh)

    @tf.function(input_signature=[tensor_spec([None, 2], name="t_x")])
    def predict(t_x):
        return {"u": u_fn(t_x[:, :1], t_x[:, 1:])}

    @tf.function(input_signature=[tensor_spec([None, 1], name="t"), tensor_spec([None, 1], name="x")])
    def residual(t, x):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape(persistent=True) as inner:
                inner.watch([t, x])
                u = u_fn(t, x)
            u_t, u_x = inner.gradient(u, t), inner.gradient(u, x)
        u_xx = outer.gradient(u_x, x)
        return {"u": u, "u_t": u_t, "u_x": u_x, "u_xx": u_xx, "pde_residual": u_t + u * u_x - 0.01 / np.pi * u_xx}
    _save(out, {"params": params}, serving_default=predict, residual=residual)


@model("s28_siren_sine_field_keras", "keras-export", "SIREN implicit field (Sitzmann et al.) as a Keras custom Sine layer (add_weight with the SIREN uniform init, sin(30 (xW + b))), coords float [None,3] (x, y, t) -> Sine 64 x3 -> Dense(1) sea-surface-temperature value; model.export")
def b_siren(out):
    class Sine(L.Layer):
        def __init__(self, units, first=False, omega=30.0, **kw):
            super().__init__(**kw)
            self.units, self.first, self.omega = units, first, omega

        def build(self, shape):
            fan = shape[-1]
            lim = 1.0 / fan if self.first else np.sqrt(6.0 / fan) / self.omega
            self.w = self.add_weight(shape=(fan, self.units), initializer=keras.initializers.RandomUniform(-lim, lim))
            b_lim = 1 / np.sqrt(fan)
            self.b = self.add_weight(shape=(self.units,), initializer=keras.initializers.RandomUniform(-b_lim, b_lim))

        def call(self, x):
            return tf.sin(self.omega * (tf.matmul(x, self.w) + self.b))
    inp = keras.Input((3,), name="coords")
    _export(keras.Model(inp, L.Dense(1, name="sst")(Sine(64)(Sine(64)(Sine(64, first=True)(inp))))), out)


@model("s28_fno1d_rfft_complex64_weights", "tf-module", "Fourier Neural Operator 1D for Burgers (Li et al.), u0 float [None,128,1] plus a linspace grid channel: lift to width 24, 4 Fourier layers of tf.signal.rfft on channels-first [B,24,65], modes truncated by slicing [:12], tf.einsum('bix,iox->box') with complex64 tf.Variable weights, zero tf.pad back to 65, tf.signal.irfft(fft_length 128), plus a pointwise linear path, GELU; projection MLP -> u_T [None,128,1]")
def b_fno1d(out):
    rng, W, M, N = np.random.default_rng(25), 24, 12, 128
    lift, proj = _params([2, W], 91, name="lift"), _params([W, 64, 1], 92, name="proj")
    spec_w = [tf.Variable(((rng.random((W, W, M)) + 1j * rng.random((W, W, M))) / (W * W)).astype("complex64"), name=f"spectral{k}")
              for k in range(4)]
    point_w = [_params([W, W], 93 + k, name=f"pointwise{k}") for k in range(4)]
    grid = np.linspace(0, 1, N, dtype="float32")[None, :, None]

    @tf.function(input_signature=[tensor_spec([None, N, 1], name="u0")])
    def serve(u0):
        x = _mlp(lift, tf.concat([u0, tf.zeros_like(u0) + grid], axis=-1))
        for k in range(4):
            x_ft = tf.signal.rfft(tf.transpose(x, [0, 2, 1]))
            out_ft = tf.pad(tf.einsum("bix,iox->box", x_ft[:, :, :M], spec_w[k]), [[0, 0], [0, 0], [0, N // 2 + 1 - M]])
            y = tf.transpose(tf.signal.irfft(out_ft, fft_length=[N]), [0, 2, 1]) + _mlp(point_w[k], x)
            x = tf.nn.gelu(y) if k < 3 else y
        return {"u_T": _mlp(proj, x, act=tf.nn.gelu)}
    _save(out, {"params": [lift, proj, spec_w, point_w]}, serving_default=serve)


@model("s28_fno2d_rfft2d_keras_layer", "keras-export", "FNO 2D for Navier-Stokes vorticity as a Keras custom SpectralConv2D layer, vorticity float [None,32,32,1]: Dense lift to 20 channels, 4 blocks of tf.signal.rfft2d on channels-first, two corner mode blocks (top [:8,:8] and bottom [-8:,:8]) mixed by tf.einsum with complex weights made by tf.complex from float add_weight pairs, zero middle rows from tf.zeros on a tf.stack'd dynamic shape, concat + pad, tf.signal.irfft2d, plus Conv2D 1x1, GELU; Dense 64 / 1 projection; model.export")
def b_fno2d(out):
    class SpectralConv2D(L.Layer):
        def __init__(self, width, modes, **kw):
            super().__init__(**kw)
            self.width, self.modes = width, modes

        def build(self, shape):
            init = keras.initializers.RandomUniform(0.0, 1.0 / (shape[-1] * self.width))
            self.w = [self.add_weight(name=f"w{k}", shape=(2, shape[-1], self.width, self.modes, self.modes), initializer=init)
                      for k in range(2)]

        def call(self, x):
            b, h, w, m = tf.shape(x)[0], x.shape[1], x.shape[2], self.modes
            x_ft = tf.signal.rfft2d(tf.transpose(x, [0, 3, 1, 2]))
            wts = [tf.complex(v[0], v[1]) for v in self.w]
            top = tf.einsum("bixy,ioxy->boxy", x_ft[:, :, :m, :m], wts[0])
            bot = tf.einsum("bixy,ioxy->boxy", x_ft[:, :, -m:, :m], wts[1])
            mid = tf.zeros(tf.stack([b, self.width, h - 2 * m, m]), tf.complex64)
            out_ft = tf.pad(tf.concat([top, mid, bot], axis=2), [[0, 0], [0, 0], [0, 0], [0, w // 2 + 1 - m]])
            return tf.transpose(tf.signal.irfft2d(out_ft, fft_length=[h, w]), [0, 2, 3, 1])
    inp = keras.Input((32, 32, 1), name="vorticity")
    x = L.Dense(20)(inp)
    for k in range(4):
        x = L.Add()([SpectralConv2D(20, 8)(x), L.Conv2D(20, 1)(x)])
        x = L.Activation("gelu")(x) if k < 3 else x
    _export(keras.Model(inp, L.Dense(1, name="vorticity_next")(L.Dense(64, activation="gelu")(x))), out)


@model("s28_spectral_poisson_float64_fft2d", "tf-module", "float64 periodic Poisson / electrostatics solver with a learned correction: charge_density float64 [None,64,64] on [0, 2pi)^2; tf.signal.fft2d of complex128, divide by k^2 (zero mode dropped) from fftfreq constants, ifft2d -> potential, spectral gradient (i k phi_hat) -> field_x / field_y, tf.roll 5-point Laplacian residual check, float64 tf.nn.conv2d correction on stack(phi, rho)")
def b_poisson(out):
    n = 64
    k = np.fft.fftfreq(n, d=1.0 / n)
    kx, ky = np.meshgrid(k, k, indexing="ij")
    k2 = kx ** 2 + ky ** 2
    inv_k2 = np.where(k2 > 0, 1.0 / np.maximum(k2, 1e-12), 0.0).astype("complex128")
    kernel = tf.Variable(np.random.default_rng(27).normal(0, 0.01, (3, 3, 2, 1)), name="correction_kernel")
    h2 = (2 * np.pi / n) ** 2

    @tf.function(input_signature=[tensor_spec([None, n, n], "float64", "charge_density")])
    def serve(charge_density):
        phi_hat = tf.signal.fft2d(tf.cast(charge_density, tf.complex128)) * inv_k2
        phi = tf.math.real(tf.signal.ifft2d(phi_hat))
        ex = -tf.math.real(tf.signal.ifft2d(1j * kx * phi_hat))
        ey = -tf.math.real(tf.signal.ifft2d(1j * ky * phi_hat))
        lap = (tf.roll(phi, 1, 1) + tf.roll(phi, -1, 1) + tf.roll(phi, 1, 2) + tf.roll(phi, -1, 2) - 4.0 * phi) / h2
        rho0 = charge_density - tf.reduce_mean(charge_density, axis=[1, 2], keepdims=True)
        corr = tf.nn.conv2d(tf.stack([phi, charge_density], -1), kernel, 1, "SAME")[..., 0]
        return {"potential": phi + corr, "field_x": ex, "field_y": ey,
                "laplacian_residual": tf.reduce_max(tf.abs(lap + rho0), axis=[1, 2])}
    _save(out, {"kernel": kernel}, serving_default=serve)


@model("s28_neural_ode_rk4_unrolled", "tf-module", "neural ODE (Chen et al.) with a fixed-step RK4 integrator unrolled in a Python loop (16 steps, 64 dynamics evaluations in the graph): y0 float [None,4], dt float []; time-dependent tanh MLP f(t, y); outputs trajectory [None,17,4] (tf.stack) and y_final")
def b_rk4(out):
    f_p = _params([5, 64, 64, 4], 100, name="dynamics")

    def f(t, y):
        return _mlp(f_p, tf.concat([y, t + tf.zeros_like(y[:, :1])], axis=-1), act=tf.tanh)

    @tf.function(input_signature=[tensor_spec([None, 4], name="y0"), tensor_spec([], name="dt")])
    def serve(y0, dt):
        y, t, traj = y0, tf.zeros([]), [y0]
        for _ in range(16):
            y, t = _rk4_step(f, t, y, dt), t + dt
            traj.append(y)
        return {"trajectory": tf.stack(traj, axis=1), "y_final": y}
    _save(out, {"params": f_p}, serving_default=serve)


FEEDS["s28_neural_ode_rk4_unrolled"] = {"dt": 0.05}


@model("s28_hybrid_lorenz_euler_while_loop", "tf-module", "hybrid physics + ML Lorenz-63 integrator: state0 float [None,3], num_steps int32 [], dt float []; tf.while_loop of explicit Euler steps with the Lorenz right-hand side (trainable sigma / rho / beta variables) plus a tanh MLP correction, trajectory written to a tf.TensorArray; outputs final_state and trajectory [None,num_steps,3] (transposed stack)")
def b_lorenz(out):
    corr = _params([3, 32, 3], 101, name="correction")
    sigma, rho, beta = tf.Variable(10.0, name="sigma"), tf.Variable(28.0, name="rho"), tf.Variable(8.0 / 3.0, name="beta")

    def rhs(y):
        x1, x2, x3 = tf.unstack(y, axis=-1)
        phys = tf.stack([sigma * (x2 - x1), x1 * (rho - x3) - x2, x1 * x2 - beta * x3], axis=-1)
        return phys + 0.1 * _mlp(corr, y, act=tf.tanh)

    @tf.function(input_signature=[tensor_spec([None, 3], name="state0"), tensor_spec([], "int32", "num_steps"),
                                  tensor_spec([], name="dt")])
    def serve(state0, num_steps, dt):
        ta = tf.TensorArray(tf.float32, size=num_steps, element_shape=tf.TensorShape([None, 3]))

        def body(i, y, ta):
            y = y + dt * rhs(y)
            return i + 1, y, ta.write(i, y)
        _, y, ta = tf.while_loop(lambda i, y, ta: i < num_steps, body, [tf.constant(0), state0, ta])
        return {"final_state": y, "trajectory": tf.transpose(ta.stack(), [1, 0, 2])}
    _save(out, {"params": [corr, sigma, rho, beta]}, serving_default=serve)


FEEDS["s28_hybrid_lorenz_euler_while_loop"] = {"num_steps": 50, "dt": 0.005}


@model("s28_pendulum_rk4_while_loop_frozen", "frozen-pb", "damped pendulum with a learned friction term integrated by RK4 inside tf.while_loop (100 steps, tf.TensorArray), frozen with convert_variables_to_constants_v2: state0 float [1,2] (theta, omega), dt float []; outputs trajectory [1,100,2] and final_state")
def b_pendulum(out):
    friction = _params([2, 16, 1], 102, name="friction")

    def fn(state0, dt):
        def f(t, s):
            return tf.concat([s[:, 1:], -9.81 * tf.sin(s[:, :1]) - _mlp(friction, s, act=tf.tanh)], axis=-1)

        def body(i, s, ta):
            s = _rk4_step(f, 0.0, s, dt)
            return i + 1, s, ta.write(i, s)
        _, s, ta = tf.while_loop(lambda i, s, ta: i < 100, body, [tf.constant(0), state0, tf.TensorArray(tf.float32, 100)])
        return (tf.identity(tf.transpose(ta.stack(), [1, 0, 2]), name="trajectory"), tf.identity(s, name="final_state"))
    _freeze(fn, [tensor_spec([1, 2], name="state0"), tensor_spec([], name="dt")], out)


OUTPUTS["s28_pendulum_rk4_while_loop_frozen"] = ["trajectory", "final_state"]
FEEDS["s28_pendulum_rk4_while_loop_frozen"] = {"dt": 0.02}


@model("s28_hamiltonian_nn_tape_leapfrog", "tf-module", "Hamiltonian neural network (Greydanus et al.) with tf.GradientTape inside the serving functions: H(q, p) tanh MLP; serving_default time_derivative(coords float [None,2]) -> dq_dt = dH/dp, dp_dt = -dH/dq, hamiltonian; rollout(coords, dt float []) -> 20 leapfrog steps unrolled in Python (a tape per half step) -> trajectory [None,21,2], energy_drift")
def b_hnn(out):
    hp = _params([2, 64, 64, 1], 103, name="hamiltonian")

    def grad_h(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            h = _mlp(hp, x, act=tf.tanh)
        return tape.gradient(h, x), h

    @tf.function(input_signature=[tensor_spec([None, 2], name="coords")])
    def time_derivative(coords):
        dh, h = grad_h(coords)
        return {"dq_dt": dh[:, 1:], "dp_dt": -dh[:, :1], "hamiltonian": h}

    @tf.function(input_signature=[tensor_spec([None, 2], name="coords"), tensor_spec([], name="dt")])
    def rollout(coords, dt):
        q, p, traj = coords[:, :1], coords[:, 1:], [coords]
        for _ in range(20):
            p = p - dt / 2 * grad_h(tf.concat([q, p], -1))[0][:, :1]
            q = q + dt * grad_h(tf.concat([q, p], -1))[0][:, 1:]
            p = p - dt / 2 * grad_h(tf.concat([q, p], -1))[0][:, :1]
            traj.append(tf.concat([q, p], -1))
        h0, h1 = _mlp(hp, coords, act=tf.tanh), _mlp(hp, traj[-1], act=tf.tanh)
        return {"trajectory": tf.stack(traj, axis=1), "energy_drift": h1 - h0}
    _save(out, {"params": hp}, serving_default=time_derivative, rollout=rollout)


FEEDS["s28_hamiltonian_nn_tape_leapfrog"] = {"dt": 0.1}


@model("s28_deeponet_branch_trunk_keras", "keras-export", "DeepONet (Lu et al.) for an antiderivative / diffusion operator: sensor_values float [None,100] into a tanh branch MLP -> 64, query_points [None,50,2] into a tanh trunk MLP on [B,50,2] -> 64, Lambda tf.einsum('bp,bqp->bq') plus a learned scalar bias (custom layer add_weight) -> G(u)(y) [None,50]; model.export")
def b_deeponet(out):
    class Bias(L.Layer):
        def build(self, shape):
            self.b = self.add_weight(shape=(), initializer="zeros")

        def call(self, x):
            return x + self.b
    u, y = keras.Input((100,), name="sensor_values"), keras.Input((50, 2), name="query_points")
    b, t = u, y
    for f in (64, 64):
        b, t = L.Dense(f, activation="tanh")(b), L.Dense(f, activation="tanh")(t)
    b, t = L.Dense(64)(b), L.Dense(64, activation="tanh")(t)
    g = L.Lambda(lambda z: tf.einsum("bp,bqp->bq", z[0], z[1]), output_shape=(50,))([b, t])
    _export(keras.Model([u, y], Bias(name="operator_output")(g)), out)


# ================================================================================ normalizing flows and probabilistic heads

@model("s28_realnvp_coupling_logprob_sample", "tf-module", "RealNVP (Dinh et al.) on 6-d physics parameters, 4 affine coupling layers with alternating binary masks and raw-variable leaky-relu s / t MLPs (tanh-bounded log scales), log-determinant sums: serving_default log_prob(x float [None,6]) -> log_prob, latent; sample(num_samples int32 [], seed int32 [2]) -> tf.random.stateless_normal latent pushed through the inverse couplings -> samples [num_samples,6]")
def b_realnvp(out):
    D = 6
    masks = [np.array([(i + k) % 2 for i in range(D)], "float32") for k in range(4)]
    s_nets = [_params([D, 64, 64, D], 110 + k, name=f"s{k}") for k in range(4)]
    t_nets = [_params([D, 64, 64, D], 120 + k, name=f"t{k}") for k in range(4)]

    def st(xm, k, m):
        return (tf.tanh(_mlp(s_nets[k], xm, act=tf.nn.leaky_relu)) * (1 - m), _mlp(t_nets[k], xm, act=tf.nn.leaky_relu) * (1 - m))

    @tf.function(input_signature=[tensor_spec([None, D], name="x")])
    def log_prob(x):
        log_det = tf.zeros(tf.shape(x)[:1])
        for k, m in enumerate(masks):
            s, t = st(x * m, k, m)
            x, log_det = x * m + (1 - m) * (x * tf.exp(s) + t), log_det + tf.reduce_sum(s, axis=-1)
        return {"log_prob": -0.5 * tf.reduce_sum(x * x, -1) - 0.5 * D * np.log(2 * np.pi) + log_det, "latent": x}

    @tf.function(input_signature=[tensor_spec([], "int32", "num_samples"), tensor_spec([2], "int32", "seed")])
    def sample(num_samples, seed):
        z = tf.random.stateless_normal(tf.stack([num_samples, D]), seed)
        for k in reversed(range(4)):
            m = masks[k]
            s, t = st(z * m, k, m)
            z = z * m + (1 - m) * (z - t) * tf.exp(-s)
        return {"samples": z}
    _save(out, {"params": [s_nets, t_nets]}, serving_default=log_prob, sample=sample)


FEEDS["s28_realnvp_coupling_logprob_sample"] = {"sample/num_samples": 16, "sample/seed": [1, 2]}


@model("s28_mdn_photoz_two_signatures", "tf-module", "mixture density network for photometric redshifts (Bishop MDN), Keras functional net on photometry float [None,5] -> 5 components: serving_default params -> weights (softmax), means, sigmas (exp of clipped log sigma), mixture mean and variance; log_likelihood(photometry, redshift [None]) -> tf.reduce_logsumexp over log_softmax weights + Gaussian log densities")
def b_mdn(out):
    K = 5
    inp = keras.Input((5,), name="photometry")
    x = L.Dense(64, activation="tanh")(L.Dense(64, activation="tanh")(inp))
    net = keras.Model(inp, [L.Dense(K, name="logits")(x), L.Dense(K, name="means")(x), L.Dense(K, name="log_sigmas")(x)])

    def heads(photometry):
        logits, mu, log_sigma = net(photometry, training=False)
        return logits, mu, tf.clip_by_value(log_sigma, -7.0, 7.0)

    @tf.function(input_signature=[tensor_spec([None, 5], name="photometry")])
    def params(photometry):
        logits, mu, log_sigma = heads(photometry)
        w, sigma = tf.nn.softmax(logits), tf.exp(log_sigma)
        mean = tf.reduce_sum(w * mu, -1)
        return {"weights": w, "means": mu, "sigmas": sigma, "mean": mean,
                "variance": tf.reduce_sum(w * (sigma ** 2 + mu ** 2), -1) - mean ** 2}

    @tf.function(input_signature=[tensor_spec([None, 5], name="photometry"), tensor_spec([None], name="redshift")])
    def log_likelihood(photometry, redshift):
        logits, mu, log_sigma = heads(photometry)
        comp = -0.5 * tf.square((redshift[:, None] - mu) * tf.exp(-log_sigma)) - log_sigma - 0.5 * np.log(2 * np.pi)
        return {"log_likelihood": tf.reduce_logsumexp(tf.nn.log_softmax(logits) + comp, axis=-1)}
    _save(out, {"model": net}, serving_default=params, log_likelihood=log_likelihood)


@model("s28_tf1_heteroscedastic_gaussian_frozen", "frozen-pb", "TF1 heteroscedastic regression (mean + log-variance heads) for a materials property, tf.compat.v1 placeholders features float [None,10] and target [None,1], get_variable Dense 64 / 64 relu, clipped log_var, Gaussian log-likelihood -0.5 (log 2pi + log_var + (y - mean)^2 exp(-log_var)); frozen with graph_util.convert_variables_to_constants to mean, stddev, log_likelihood")
def b_tf1_gauss(out):
    def build():
        v1 = tf.compat.v1
        x, y = v1.placeholder(tf.float32, [None, 10], "features"), v1.placeholder(tf.float32, [None, 1], "target")
        h = _v1_lin(_v1_lin(x, "hidden0", 64, tf.nn.relu), "hidden1", 64, tf.nn.relu)
        mean, log_var = _v1_lin(h, "mean_head", 1), tf.clip_by_value(_v1_lin(h, "log_var_head", 1), -10.0, 10.0)
        ll = -0.5 * (np.log(2 * np.pi) + log_var + tf.square(y - mean) * tf.exp(-log_var))
        return [tf.identity(mean, name="mean"), tf.identity(tf.exp(0.5 * log_var), name="stddev"),
                tf.identity(ll, name="log_likelihood")]
    _v1_freeze(out, build)


OUTPUTS["s28_tf1_heteroscedastic_gaussian_frozen"] = ["mean", "stddev", "log_likelihood"]


@model("s28_glow_actnorm_invconv_slogdet", "tf-module", "Glow (Kingma & Dhariwal) on 8x8x4 fields, 3 flow steps: ActNorm (variables, log-det H W sum log s), invertible 1x1 conv as tf.nn.conv2d with a [4,4] orthogonal-initialized variable and tf.linalg.slogdet, affine coupling with a conv net (tf.nn.conv2d 3x3 / 1x1 / 3x3, sigmoid(raw + 2) scale); serving_default log_prob(x float [None,8,8,4]) -> latent, log_prob, bits_per_dim; sample(seed int32 [2], temperature float []) -> 8 samples through the inverse (tf.linalg.inv of each 1x1 kernel)")
def b_glow(out):
    C, HW = 4, 64
    rng = np.random.default_rng(130)
    steps = [dict(logs=tf.Variable(np.zeros(C, "float32")), bias=tf.Variable(np.zeros(C, "float32")),
                  w=tf.Variable(np.linalg.qr(rng.normal(size=(C, C)))[0].astype("float32")),
                  k=[tf.Variable(rng.normal(0, 0.05, s).astype("float32")) for s in ((3, 3, 2, 32), (1, 1, 32, 32), (3, 3, 32, 4))])
             for _ in range(3)]

    def coupling(xa, k):
        h = tf.nn.relu(tf.nn.conv2d(tf.nn.relu(tf.nn.conv2d(xa, k[0], 1, "SAME")), k[1], 1, "SAME"))
        h = tf.nn.conv2d(h, k[2], 1, "SAME")
        return h[..., 0::2], tf.sigmoid(h[..., 1::2] + 2.0)

    @tf.function(input_signature=[tensor_spec([None, 8, 8, C], name="x")])
    def log_prob(x):
        logdet = tf.zeros(tf.shape(x)[:1])
        for s in steps:
            x = (x + s["bias"]) * tf.exp(s["logs"])
            x = tf.nn.conv2d(x, tf.reshape(s["w"], [1, 1, C, C]), 1, "SAME")
            xa, xb = tf.split(x, 2, axis=-1)
            shift, scale = coupling(xa, s["k"])
            x = tf.concat([xa, (xb + shift) * scale], axis=-1)
            logdet += HW * (tf.reduce_sum(s["logs"]) + tf.linalg.slogdet(s["w"])[1]) + tf.reduce_sum(tf.math.log(scale), [1, 2, 3])
        lp = tf.reduce_sum(-0.5 * (x * x + np.log(2 * np.pi)), [1, 2, 3]) + logdet
        return {"latent": x, "log_prob": lp, "bits_per_dim": -lp / (HW * C * np.log(2.0))}

    @tf.function(input_signature=[tensor_spec([2], "int32", "seed"), tensor_spec([], name="temperature")])
    def sample(seed, temperature):
        x = tf.random.stateless_normal([8, 8, 8, C], seed) * temperature
        for s in reversed(steps):
            xa, xb = tf.split(x, 2, axis=-1)
            shift, scale = coupling(xa, s["k"])
            x = tf.concat([xa, xb / scale - shift], axis=-1)
            x = tf.nn.conv2d(x, tf.reshape(tf.linalg.inv(s["w"]), [1, 1, C, C]), 1, "SAME")
            x = x * tf.exp(-s["logs"]) - s["bias"]
        return {"samples": x}
    _save(out, {"steps": steps}, serving_default=log_prob, sample=sample)


FEEDS["s28_glow_actnorm_invconv_slogdet"] = {"sample/temperature": 0.7}


# ================================================================================ earth science, weather, chemistry

@model("s28_convlstm_nowcast_handwritten_cell", "tf-module", "precipitation nowcasting ConvLSTM (Shi et al.) with the cell written by hand around Keras Conv2D layers (input and hidden convs, split into i / f / o / g gates, sigmoid / tanh, c = f c + i g): radar_frames float [None,6,32,32,1] encoded over 6 steps (Python loop), 3 forecast steps fed back through a decoder cell and a 1x1 sigmoid conv -> forecast [None,3,32,32,1]")
def b_convlstm(out):
    F = 16
    convs = {k: L.Conv2D(4 * F, 3, padding="same", use_bias=not k.endswith("h")) for k in ("enc_x", "enc_h", "dec_x", "dec_h")}
    head = L.Conv2D(1, 1, activation="sigmoid")
    for k, c in [*convs.items(), ("head", head)]:
        c(tf.zeros([1, 32, 32, 1 if k.endswith("x") else F]))

    def cell(x, h, c, prefix):
        i, f, g, o = tf.split(convs[prefix + "_x"](x) + convs[prefix + "_h"](h), 4, axis=-1)
        c = tf.sigmoid(f + 1.0) * c + tf.sigmoid(i) * tf.tanh(g)
        return tf.sigmoid(o) * tf.tanh(c), c

    @tf.function(input_signature=[tensor_spec([None, 6, 32, 32, 1], name="radar_frames")])
    def serve(radar_frames):
        h = c = tf.zeros(tf.stack([tf.shape(radar_frames)[0], 32, 32, F]))
        for t in range(6):
            h, c = cell(radar_frames[:, t], h, c, "enc")
        frame, preds = radar_frames[:, -1], []
        for _ in range(3):
            h, c = cell(frame, h, c, "dec")
            frame = head(h)
            preds.append(frame)
        return {"forecast": tf.stack(preds, axis=1)}
    _save(out, {"layers": [convs["enc_x"], convs["enc_h"], convs["dec_x"], convs["dec_h"], head]}, serving_default=serve)


@model("s28_unet_periodic_longitude_padding", "keras-export", "global weather U-Net on a lat-lon grid, fields float [None,32,64,4]: custom PeriodicConv2D layer wrapping longitude with tf.concat of the last / first columns and reflecting latitude with tf.pad SYMMETRIC before a valid Conv2D; 2 levels of AveragePooling2D / UpSampling2D with Concatenate skips; 2-channel tendency added to the first two input fields (residual) -> next_fields [None,32,64,2]; model.export")
def b_periodic_unet(out):
    class PeriodicConv2D(L.Layer):
        def __init__(self, filters, activation="relu", **kw):
            super().__init__(**kw)
            self.conv = L.Conv2D(filters, 3, padding="valid", activation=activation)

        def call(self, x):
            x = tf.concat([x[:, :, -1:], x, x[:, :, :1]], axis=2)
            return self.conv(tf.pad(x, [[0, 0], [1, 1], [0, 0], [0, 0]], mode="SYMMETRIC"))
    inp = keras.Input((32, 64, 4), name="fields")
    c1 = PeriodicConv2D(16)(PeriodicConv2D(16)(inp))
    c2 = PeriodicConv2D(32)(PeriodicConv2D(32)(L.AveragePooling2D(2)(c1)))
    c3 = PeriodicConv2D(64)(L.AveragePooling2D(2)(c2))
    u2 = PeriodicConv2D(32)(L.Concatenate()([L.UpSampling2D()(c3), c2]))
    u1 = PeriodicConv2D(16)(L.Concatenate()([L.UpSampling2D()(u2), c1]))
    tend = PeriodicConv2D(2, activation=None)(u1)
    base = L.Lambda(lambda t: t[..., :2], output_shape=(32, 64, 2))(inp)
    _export(keras.Model(inp, L.Add(name="next_fields")([base, tend])), out)


@model("s28_float16_weights_upwind_advection_roll", "tf-module", "tracer advection step for a device with float16 weights and compute: tracer float [None,48,48,1], wind [None,48,48,2], dt float [] cast to float16; first-order upwind differences on a periodic grid with tf.roll along both axes (tf.maximum / tf.minimum on the winds), learned subgrid correction by float16 tf.Variable tf.nn.conv2d 3x3 (16 channels, relu) and 3x3 -> 1, cast back to float32 tracer_next")
def b_advection16(out):
    rng = np.random.default_rng(150)
    k1, b1 = tf.Variable(rng.normal(0, 0.1, (3, 3, 3, 16)).astype("float16")), tf.Variable(np.zeros(16, "float16"))
    k2 = tf.Variable(rng.normal(0, 0.05, (3, 3, 16, 1)).astype("float16"))

    @tf.function(input_signature=[tensor_spec([None, 48, 48, 1], name="tracer"), tensor_spec([None, 48, 48, 2], name="wind"),
                                  tensor_spec([], name="dt")])
    def serve(tracer, wind, dt):
        q, uv, dt16 = tf.cast(tracer, tf.float16), tf.cast(wind, tf.float16), tf.cast(dt, tf.float16)
        u, v = uv[..., :1], uv[..., 1:]
        zero = tf.constant(0.0, tf.float16)
        adv = (tf.maximum(u, zero) * (q - tf.roll(q, 1, axis=2)) + tf.minimum(u, zero) * (tf.roll(q, -1, axis=2) - q)
               + tf.maximum(v, zero) * (q - tf.roll(q, 1, axis=1)) + tf.minimum(v, zero) * (tf.roll(q, -1, axis=1) - q))
        q1 = q - dt16 * adv
        h = tf.nn.relu(tf.nn.conv2d(tf.concat([q1, uv], axis=-1), k1, 1, "SAME") + b1)
        return {"tracer_next": tf.cast(q1 + dt16 * tf.nn.conv2d(h, k2, 1, "SAME"), tf.float32)}
    _save(out, {"params": [k1, b1, k2]}, serving_default=serve)


FEEDS["s28_float16_weights_upwind_advection_roll"] = {"dt": 0.2}


@model("s28_spectra_conv1d_cumsum_baseline_keras", "keras-export", "XRD / Raman spectrum analyser, spectrum float [None,1024,1]: Lambda baseline removal as a moving average from tf.math.cumsum over a REFLECT-padded spectrum (difference of shifted cumulative sums), max-abs normalization; Conv1D 16 / 32 / 64 (kernel 7, stride 2) + BatchNormalization, GlobalAveragePooling1D, Dense 64; heads phase Dense(6, softmax) and concentrations Dense(3, softplus); model.export")
def b_spectra(out):
    def baseline_removed(t, w=64):
        c = tf.math.cumsum(tf.pad(t, [[0, 0], [w // 2, w // 2], [0, 0]], mode="REFLECT"), axis=1)
        y = t - (c[:, w:] - c[:, :-w]) / w
        return y / (tf.reduce_max(tf.abs(y), axis=1, keepdims=True) + 1e-6)
    inp = keras.Input((1024, 1), name="spectrum")
    x = L.Lambda(baseline_removed, output_shape=(1024, 1))(inp)
    for f in (16, 32, 64):
        x = L.BatchNormalization()(L.Conv1D(f, 7, strides=2, padding="same", activation="relu")(x))
    x = L.Dense(64, activation="relu")(L.GlobalAveragePooling1D()(x))
    _export(keras.Model(inp, {"phase": L.Dense(6, activation="softmax", name="phase")(x),
                              "concentrations": L.Dense(3, activation="softplus", name="concentrations")(x)}), out)


@model("s28_radiation_column_cumsum_cumprod_float64", "tf-module", "float64 radiative-transfer column emulator (physics codes keep float64): column_profiles float64 [None,40,4] (T, q, o3, dp), cos_zenith float64 [None]; float64 tanh MLP -> softplus shortwave / longwave absorption, layer optical depths, shortwave transmittance from the top by tf.math.cumprod(exclusive) of exp(-tau / mu), longwave emission attenuated by tf.math.cumsum(reverse, exclusive) optical depth below; outputs sw_flux_down [None,40], heating_rate K/day [None,40], surface_lw_down [None]")
def b_radiation(out):
    absorb = _params([3, 32, 2], 160, dtype="float64", name="absorption")

    @tf.function(input_signature=[tensor_spec([None, 40, 4], "float64", "column_profiles"),
                                  tensor_spec([None], "float64", "cos_zenith")])
    def serve(column_profiles, cos_zenith):
        T, q, o3, dp = tf.unstack(column_profiles, axis=-1)
        k = tf.nn.softplus(_mlp(absorb, tf.stack([T / 300.0, tf.math.log(q + 1e-8), o3], -1), act=tf.tanh))
        tau = k * dp[..., None] * 0.01
        mu = tf.maximum(cos_zenith, 1e-3)[:, None]
        t_sw = tf.exp(-tau[..., 0] / mu)
        above = tf.math.cumprod(t_sw, axis=1, exclusive=True)
        sw_down, sw_abs = 1361.0 * mu * above * t_sw, 1361.0 * mu * above * (1.0 - t_sw)
        tau_below = tf.math.cumsum(tau[..., 1], axis=1, exclusive=True, reverse=True)
        emission = (1.0 - tf.exp(-1.66 * tau[..., 1])) * 5.670374419e-8 * T ** 4
        lw_surface = tf.reduce_sum(emission * tf.exp(-1.66 * tau_below), axis=1)
        heating = 9.80665 / 1004.0 * sw_abs / tf.maximum(dp * 100.0, 1e-3) * 86400.0
        return {"sw_flux_down": sw_down, "heating_rate": heating, "surface_lw_down": lw_surface}
    _save(out, {"params": absorb}, serving_default=serve)


@model("s28_eos_table_searchsorted_interp_float64", "tf-module", "equation-of-state table lookup in float64 (stellar / ocean model style): pressure float64 [None,50], dz float64 [None,50]; log pressure located in a constant 64-point log grid by tf.searchsorted(side right) on a flattened [1,N] row, clipped indices, tf.gather of bracketing grid / table values, linear interpolation weights, small float64 MLP correction, exp -> density; column_mass by tf.math.cumsum(rho dz); outputs density, column_mass, table_index int32")
def b_eos(out):
    grid = np.linspace(np.log(1e-3), np.log(1e3), 64)
    table = 0.6 * grid + 0.1 * np.sin(grid)
    corr = _params([2, 16, 1], 170, dtype="float64", name="eos_correction")

    @tf.function(input_signature=[tensor_spec([None, 50], "float64", "pressure"), tensor_spec([None, 50], "float64", "dz")])
    def serve(pressure, dz):
        lp = tf.math.log(tf.maximum(pressure, 1e-3))
        flat = tf.reshape(lp, [1, -1])
        idx = tf.clip_by_value(tf.searchsorted(tf.constant(grid[None]), flat, side="right"), 1, 63)
        lo, hi = tf.gather(grid, idx - 1), tf.gather(grid, idx)
        w = tf.clip_by_value((flat - lo) / (hi - lo), 0.0, 1.0)
        log_rho = tf.reshape((1.0 - w) * tf.gather(table, idx - 1) + w * tf.gather(table, idx), tf.shape(lp))
        log_rho = log_rho + 0.01 * _mlp(corr, tf.stack([lp, log_rho], -1), act=tf.tanh)[..., 0]
        rho = tf.exp(log_rho)
        return {"density": rho, "column_mass": tf.math.cumsum(rho * dz, axis=1), "table_index": tf.reshape(idx, tf.shape(lp))}
    _save(out, {"params": corr}, serving_default=serve)


FEEDS["s28_eos_table_searchsorted_interp_float64"] = lambda rng: {"pressure": np.exp(rng.uniform(-6, 6, (2, 50)))}


@model("s28_gp_cholesky_triangular_solve_float64", "tf-module", "float64 Gaussian-process surrogate (emulator for an expensive simulation) with trainable ARD RBF hyperparameters: signature predict(x_train float64 [None,3], y_train [None], x_test [None,3]) -> tf.linalg.cholesky of K + noise I, tf.linalg.cholesky_solve, tf.linalg.triangular_solve for predictive variance -> mean, variance and the log_marginal_likelihood scalar from the Cholesky diagonal")
def b_gp(out):
    log_ls = tf.Variable(np.log([1.0, 0.5, 2.0]), name="log_lengthscales")
    log_var, log_noise = tf.Variable(np.float64(0.0), name="log_variance"), tf.Variable(np.log(0.1), name="log_noise")

    def kern(a, b):
        a, b = a / tf.exp(log_ls), b / tf.exp(log_ls)
        d2 = tf.reduce_sum(a * a, 1)[:, None] + tf.reduce_sum(b * b, 1)[None] - 2.0 * tf.matmul(a, b, transpose_b=True)
        return tf.exp(log_var) * tf.exp(-0.5 * tf.maximum(d2, 0.0))

    @tf.function(input_signature=[tensor_spec([None, 3], "float64", "x_train"), tensor_spec([None], "float64", "y_train"),
                                  tensor_spec([None, 3], "float64", "x_test")])
    def predict(x_train, y_train, x_test):
        n = tf.shape(x_train)[0]
        lc = tf.linalg.cholesky(kern(x_train, x_train) + (tf.exp(log_noise) + 1e-6) * tf.eye(n, dtype=tf.float64))
        alpha, ks = tf.linalg.cholesky_solve(lc, y_train[:, None]), kern(x_train, x_test)
        v = tf.linalg.triangular_solve(lc, ks, lower=True)
        lml = (-0.5 * tf.reduce_sum(y_train[:, None] * alpha) - tf.reduce_sum(tf.math.log(tf.linalg.diag_part(lc)))
               - 0.5 * tf.cast(n, tf.float64) * np.log(2 * np.pi))
        return {"mean": tf.matmul(ks, alpha, transpose_a=True)[:, 0], "log_marginal_likelihood": lml,
                "variance": tf.exp(log_var) - tf.reduce_sum(v * v, axis=0) + tf.exp(log_noise)}
    _save(out, {"hyperparameters": [log_ls, log_var, log_noise]}, serving_default=predict)


FEEDS["s28_gp_cholesky_triangular_solve_float64"] = lambda rng: {
    "x_train": rng.random((20, 3)), "y_train": np.sin(rng.random(20) * 6), "x_test": rng.random((7, 3))}


@model("s28_eigh_inertia_canonical_frame", "tf-module", "molecular property model made rotation-invariant by a principal-axes frame: positions float [None,16,3], masses [None,16]; centre of mass, inertia tensor by tf.einsum, tf.linalg.eigh of the [None,3,3] tensor, axis signs fixed by third moments, coordinates rotated into the frame (einsum); Keras per-atom Dense 64 / 64 + GlobalAveragePooling1D + Dense -> property; outputs principal_moments, principal_axes, canonical_positions, property")
def b_inertia(out):
    inp = keras.Input((16, 4))
    x = L.Dense(64, activation="relu")(L.Dense(64, activation="relu")(inp))
    net = keras.Model(inp, L.Dense(1)(L.Dense(32, activation="relu")(L.GlobalAveragePooling1D()(x))))

    @tf.function(input_signature=[tensor_spec([None, 16, 3], name="positions"), tensor_spec([None, 16], name="masses")])
    def serve(positions, masses):
        m = masses[..., None]
        r = positions - tf.reduce_sum(m * positions, 1, keepdims=True) / tf.maximum(tf.reduce_sum(m, 1, keepdims=True), 1e-6)
        inertia = (tf.einsum("bn,bn->b", masses, tf.reduce_sum(r * r, -1))[:, None, None] * tf.eye(3)
                   - tf.einsum("bn,bni,bnj->bij", masses, r, r))
        moments, axes = tf.linalg.eigh(inertia)
        proj = tf.einsum("bni,bij->bnj", r, axes)
        sgn = tf.where(tf.reduce_sum(m * proj ** 3, axis=1) < 0, -1.0, 1.0)
        canon = proj * sgn[:, None, :]
        return {"principal_moments": moments, "principal_axes": axes * sgn[:, None, :], "canonical_positions": canon,
                "property": net(tf.concat([canon, m], -1), training=False)}
    _save(out, {"model": net}, serving_default=serve)


@model("s28_tf1_phasenet_seismic_conv1d_frozen", "frozen-pb", "PhaseNet-like seismic phase picker in TF1 (tf.compat.v1 placeholders, get_variable kernels), frozen with graph_util.convert_variables_to_constants: waveform float [1,3000,3] (3 components) normalized by tf.nn.moments, tf.nn.conv1d encoder (stride 4 twice), tf.nn.conv1d_transpose decoder with explicit output shapes 750 / 3000 and concatenated skips, softmax over noise / P / S -> probabilities [1,3000,3], p_pick / s_pick argmax indices")
def b_phasenet(out):
    def build():
        v1 = tf.compat.v1

        def conv(x, name, cout, k=7, s=1, act=tf.nn.relu):
            with v1.variable_scope(name):
                w = v1.get_variable("kernel", [k, int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
                y = tf.nn.conv1d(x, w, s, "SAME") + v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
                return act(y) if act else y

        def deconv(x, name, cout, length):
            with v1.variable_scope(name):
                w = v1.get_variable("kernel", [7, cout, int(x.shape[-1])], initializer=v1.glorot_uniform_initializer())
                return tf.nn.relu(tf.nn.conv1d_transpose(x, w, [1, length, cout], 4, "SAME"))
        wav = v1.placeholder(tf.float32, [1, 3000, 3], name="waveform")
        mean, var = tf.nn.moments(wav, axes=[1], keepdims=True)
        e0 = conv((wav - mean) * tf.math.rsqrt(var + 1e-6), "enc0", 8)
        e1 = conv(e0, "enc1", 16, s=4)
        e2 = conv(e1, "enc2", 32, s=4)
        d1 = conv(tf.concat([deconv(e2, "dec1_up", 16, 750), e1], -1), "dec1", 16)
        d0 = conv(tf.concat([deconv(d1, "dec0_up", 8, 3000), e0], -1), "dec0", 8)
        probs = tf.nn.softmax(conv(d0, "logits", 3, k=1, act=None), name="probabilities")
        return [probs, tf.identity(tf.argmax(probs[0, :, 1]), name="p_pick"), tf.identity(tf.argmax(probs[0, :, 2]), name="s_pick")]
    _v1_freeze(out, build)


OUTPUTS["s28_tf1_phasenet_seismic_conv1d_frozen"] = ["probabilities", "p_pick", "s_pick"]


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
