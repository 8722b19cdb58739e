"""Build an independently made corpus into bench/out/fresh45/: control, robotics and reinforcement-learning policies the
way teams deploy them to robots, drones, games and microcontrollers (TFLite float / full-integer int8, XLA). Value-based
agents (a Nature-CNN DQN on uint8 frame stacks, dueling heads, C51 with a softmax over 51 atoms and the expectation over
the support, IQN with cosine tau embeddings, NoisyNet layers with factorised noise from a seed, epsilon-greedy with a seed
input and tf.random.stateless_uniform), actor-critics (PPO / A2C with tf.random.stateless_categorical sampling and
log-probs, Gaussian heads clipped by value and tanh-squashed, SAC actors with the tanh-corrected log-prob computed in the
graph, deterministic DDPG / TD3 actors, one under jit_compile), recurrent policies with LSTM / GRU state in / out
signatures and initial_state signatures, behaviour-cloning CNNs on uint8 camera frames (PilotNet), image + proprioception
fusion with a spatial softmax, an entity Transformer for a game with masked target selection, action masking by tf.where
and large negative logits, discretised action bins, model-predictive control (random shooting unrolled in Python and
frozen, CEM in a tf.while_loop over a learned dynamics MLP), a PID controller with a neural residual and anti-windup, a
Kalman filter in the graph feeding a policy, observation normalisation with running mean / std constants, frame stacking
inside the graph, an RSSM-lite world model with observe / imagine / initial_state signatures, multi-signature policies
(act, value, initial_state), a quadrotor controller building a rotation matrix from a quaternion, an RMA-style
Conv1D history encoder for a legged robot, a tiny microcontroller MLP, and legacy TF1 graph-mode policies (get_variable
layers, baselines-style Gumbel-max sampling with a stateful random op, a hand-written LSTM) frozen to .pb. Exported as
tf.saved_model.save of tf.Modules with explicit signatures (most), Keras 3 model.export (batch-1 signatures and a few None
batch), keras.export.ExportArchive, TF2 functions frozen with convert_variables_to_constants_v2 and TF1 graphs frozen with
graph_util.convert_variables_to_constants. Mostly float32 with small fixed shapes (batch 1), some None batch, int32 seeds,
masks and tile ids, uint8 frames. Seeded random weights; nothing is downloaded; every model runs forward once while it is
built; no outcomes are recorded here.

    .venv/bin/python scripts/build_corpus_fresh45.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh45.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh45.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh45.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh45.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh45", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (seeds, masks, tile ids, covariances, batch sizes): model -> {input name (or
# "signature/input"): value or (low, high)} or callable(rng) -> such a dict. Used by --check and by the run each model
# gets while it is built; anything not listed gets generic dummies (corpus_driver.dummy_inputs).
FEEDS = {}
# Frozen graphs: model -> output node names to fetch in --check (else every sink node).
OUTPUTS = {}

SEED = (0, 2 ** 20)  # an int32 [2] seed for the stateless random ops


# ================================================================================ shared pieces

def _feed(out, specs, sig=""):
    """the --check inputs (FEEDS + dummies) of the model being written to `out` (a driver temporary path)"""
    return dummy_inputs({s.name: s for s in specs}, FEEDS.get(out.name.removeprefix(".tmp_").removesuffix(".pb")), sig)


def _save(out, objs, **sigs):
    """run every tf.function signature once on the --check inputs, then tf.saved_model.save a tf.Module holding objs"""
    for k, f in sigs.items():
        f(**_feed(out, f.input_signature, k))
    serve_module(out, objs, **sigs)


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed` keeps the Inputs' batch
    size (1) in the exported signature (one positional argument holding the input structure), else Keras relaxes the
    batch to None"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    sig = None
    if fixed:
        sig = [specs] if len(specs) > 1 else specs
    keras_export(m, out, sig=sig)


def _archive(out, tracked, **endpoints):
    """keras.export.ExportArchive: track the Keras models, add each endpoint name=(fn, [specs]) after running it once
    eagerly on the --check inputs, write_out"""
    archive = keras.export.ExportArchive()
    for m in tracked:
        archive.track(m)
    for k, (fn, specs) in endpoints.items():
        vals = _feed(out, specs, k)
        fn(*[vals[s.name] for s in specs])
        archive.add_endpoint(k, fn, input_signature=specs)
    archive.write_out(str(out), verbose=False)


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


def _v1_dense(x, name, cout, act=None, init_scale=None):
    """TF1 dense layer: get_variable weights (orthogonal if init_scale, as baselines does, else glorot) / zero biases"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        winit = v1.orthogonal_initializer(init_scale) if init_scale else v1.glorot_uniform_initializer()
        w = v1.get_variable("w", [int(x.shape[-1]), cout], initializer=winit)
        b = v1.get_variable("b", [cout], initializer=v1.zeros_initializer())
        y = tf.matmul(x, w) + b
        return act(y) if act else y


def _params(sizes, seed, dtype="float32", name="mlp"):
    """an MLP kept as a list of (weight, bias) tf.Variables: glorot-normal weights, zero biases"""
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


def _kmlp(in_dim, sizes, act="relu", out_act=None, name=None):
    """Keras Sequential MLP on [in_dim] vectors"""
    return keras.Sequential([keras.Input((in_dim,))] + [L.Dense(s, activation=act) for s in sizes[:-1]]
                            + [L.Dense(sizes[-1], activation=out_act)], name=name)


def _nature_cnn(shape, name="nature_cnn"):
    """the DQN Nature CNN torso (Mnih et al. 2015): Conv 32 8x8/4, 64 4x4/2, 64 3x3/1, Flatten, Dense 512"""
    return keras.Sequential([keras.Input(shape), L.Conv2D(32, 8, 4, activation="relu"), L.Conv2D(64, 4, 2, activation="relu"),
                             L.Conv2D(64, 3, 1, activation="relu"), L.Flatten(), L.Dense(512, activation="relu")], name=name)


def _gauss_logp(x, mean, log_std):
    """diagonal Gaussian log-density summed over the last axis"""
    return tf.reduce_sum(-0.5 * tf.square((x - mean) / tf.exp(log_std)) - log_std - 0.5 * np.log(2 * np.pi), axis=-1)


# ================================================================================ value-based agents

@model("s45_dqn_nature_cnn_uint8_frames_keras", "keras-export", "Atari DQN as deployed on a console / phone: uint8 frame stack [1,84,84,4] (fixed batch 1), Rescaling(1/255), Nature CNN (Conv 32 8x8/4, 64 4x4/2, 64 3x3/1, Dense 512 relu), Dense(6) Q-values; outputs q_values and a Lambda tf.argmax action (int32); model.export with a batch-1 signature")
def b_dqn_nature(out):
    inp = keras.Input((84, 84, 4), batch_size=1, dtype="uint8", name="frames")
    x = L.Rescaling(1.0 / 255)(inp)
    q = L.Dense(6, name="q_values")(_nature_cnn((84, 84, 4))(x))
    action = L.Lambda(lambda t: tf.argmax(t, axis=-1, output_type=tf.int32), name="action")(q)
    _export(keras.Model(inp, {"q_values": q, "action": action}), out, fixed=True)


@model("s45_dueling_dqn_cartpole_argmax", "tf-module", "dueling DQN for CartPole / LunarLander-style control: obs float [1,8]; Keras functional torso Dense 128/128 relu, value Dense(1) and advantage Dense(4) streams, Q = V + A - mean(A) (tf ops in a tf.function), greedy action tf.argmax int32; tf.saved_model.save of a tf.Module with an explicit signature")
def b_dueling(out):
    inp = keras.Input((8,))
    h = L.Dense(128, activation="relu")(L.Dense(128, activation="relu")(inp))
    net = keras.Model(inp, [L.Dense(1, name="value")(h), L.Dense(4, name="advantage")(h)])

    @tf.function(input_signature=[tensor_spec([1, 8], name="obs")])
    def serve(obs):
        v, a = net(obs, training=False)
        q = v + a - tf.reduce_mean(a, axis=-1, keepdims=True)
        return {"q_values": q, "action": tf.argmax(q, axis=-1, output_type=tf.int32)}
    _save(out, {"net": net}, serving_default=serve)


@model("s45_c51_distributional_softmax_atoms", "tf-module", "C51 distributional DQN: obs float [1,12]; Keras MLP 256/256 -> Dense(5*51) reshaped [1,5,51], tf.nn.softmax over the 51 atoms, Q = reduce_sum(p * support) with support = linspace(-10, 10, 51) constant, argmax action int32; outputs atom_probs [1,5,51], q_values, action")
def b_c51(out):
    net = _kmlp(12, [256, 256, 5 * 51])
    support = np.linspace(-10.0, 10.0, 51).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 12], name="obs")])
    def serve(obs):
        p = tf.nn.softmax(tf.reshape(net(obs, training=False), [-1, 5, 51]), axis=-1)
        q = tf.reduce_sum(p * support, axis=-1)
        return {"atom_probs": p, "q_values": q, "action": tf.argmax(q, axis=-1, output_type=tf.int32)}
    _save(out, {"net": net}, serving_default=serve)


@model("s45_epsilon_greedy_seed_stateless_uniform", "tf-module", "epsilon-greedy exploration policy shipped for on-robot data collection: obs float [1,6], seed int32 [2], epsilon float []; Keras MLP Q-network (64/64 -> 3), greedy argmax, tf.random.stateless_uniform draw compared with epsilon, random action from stateless_uniform int32 in [0,3) on tf.random.experimental.stateless_fold_in(seed, 1), tf.where picks; outputs action int32 [1], q_values, explored bool")
def b_eps_greedy(out):
    net = _kmlp(6, [64, 64, 3])

    @tf.function(input_signature=[tensor_spec([1, 6], name="obs"), tensor_spec([2], "int32", "seed"),
                                  tensor_spec([], name="epsilon")])
    def serve(obs, seed, epsilon):
        q = net(obs, training=False)
        greedy = tf.argmax(q, axis=-1, output_type=tf.int32)
        u = tf.random.stateless_uniform([1], seed)
        rand_a = tf.random.stateless_uniform([1], tf.random.experimental.stateless_fold_in(seed, 1), 0, 3, dtype=tf.int32)
        explore = u < epsilon
        return {"action": tf.where(explore, rand_a, greedy), "q_values": q, "explored": explore}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s45_epsilon_greedy_seed_stateless_uniform"] = {"seed": SEED, "epsilon": 0.1}


@model("s45_iqn_cosine_tau_embedding_quantiles", "tf-module", "IQN (implicit quantile network) agent: obs float [1,10], seed int32 [2]; 32 quantile fractions tau from tf.random.stateless_uniform, cosine embedding cos(pi * i * tau) for i < 64, Dense relu phi(tau) multiplied (Hadamard) with the state features psi(obs), MLP -> quantile values [1,32,4], Q = mean over taus, argmax int32; raw tf.Variable MLPs")
def b_iqn(out):
    psi, phi, head = _params([10, 64, 64], 1, name="psi"), _params([64, 64], 2, name="phi"), _params([64, 64, 4], 3, name="head")
    i_pi = (np.pi * np.arange(64)).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 10], name="obs"), tensor_spec([2], "int32", "seed")])
    def serve(obs, seed):
        taus = tf.random.stateless_uniform([1, 32], seed)
        emb = tf.nn.relu(_mlp(phi, tf.cos(taus[..., None] * i_pi)))          # [1,32,64]
        feat = tf.nn.relu(_mlp(psi, obs))[:, None, :]                      # [1,1,64]
        z = _mlp(head, feat * emb)                                         # [1,32,4]
        q = tf.reduce_mean(z, axis=1)
        return {"quantiles": z, "taus": taus, "q_values": q, "action": tf.argmax(q, axis=-1, output_type=tf.int32)}
    _save(out, {"params": [psi, phi, head]}, serving_default=serve)


FEEDS["s45_iqn_cosine_tau_embedding_quantiles"] = {"seed": SEED}


@model("s45_noisynet_dueling_factorised_noise", "tf-module", "Rainbow-style NoisyNet dueling Q-network: obs float [1,16], seed int32 [2]; NoisyLinear layers written out with mu / sigma tf.Variables and factorised Gaussian noise f(x) = sign(x) sqrt(|x|) from tf.random.stateless_normal on per-layer folded seeds, outer products for the weight noise; dueling V / A combine, argmax int32 action")
def b_noisy(out):
    rng = np.random.default_rng(4)
    sizes = [(16, 128), (128, 1), (128, 5)]
    layers = [(tf.Variable(rng.uniform(-1 / np.sqrt(a), 1 / np.sqrt(a), (a, b)).astype("float32"), name=f"mu_w{i}"),
               tf.Variable(np.full((a, b), 0.5 / np.sqrt(a), "float32"), name=f"sigma_w{i}"),
               tf.Variable(np.zeros(b, "float32"), name=f"mu_b{i}"),
               tf.Variable(np.full(b, 0.5 / np.sqrt(a), "float32"), name=f"sigma_b{i}")) for i, (a, b) in enumerate(sizes)]

    def noisy(x, layer, seed, i):
        mu_w, sig_w, mu_b, sig_b = layer
        a, b = mu_w.shape
        f = lambda e: tf.sign(e) * tf.sqrt(tf.abs(e))
        s = tf.random.experimental.stateless_fold_in(seed, i)
        e_in = f(tf.random.stateless_normal([a], s))
        e_out = f(tf.random.stateless_normal([b], tf.random.experimental.stateless_fold_in(s, 100)))
        return tf.matmul(x, mu_w + sig_w * (e_in[:, None] * e_out[None, :])) + mu_b + sig_b * e_out

    @tf.function(input_signature=[tensor_spec([1, 16], name="obs"), tensor_spec([2], "int32", "seed")])
    def serve(obs, seed):
        h = tf.nn.relu(noisy(obs, layers[0], seed, 0))
        v, a = noisy(h, layers[1], seed, 1), noisy(h, layers[2], seed, 2)
        q = v + a - tf.reduce_mean(a, axis=-1, keepdims=True)
        return {"q_values": q, "action": tf.argmax(q, axis=-1, output_type=tf.int32)}
    _save(out, {"params": layers}, serving_default=serve)


FEEDS["s45_noisynet_dueling_factorised_noise"] = {"seed": SEED}


@model("s45_tf1_dqn_mlp_frozen", "frozen-pb", "legacy TF1 DQN (tf.compat.v1 placeholder obs float [None,8], variable_scope + get_variable dense layers 64/64 relu -> 4 Q-values), frozen with graph_util.convert_variables_to_constants; outputs q_values and action = tf.argmax (int64)")
def b_tf1_dqn(out):
    def build():
        v1 = tf.compat.v1
        obs = v1.placeholder(tf.float32, [None, 8], name="obs")
        with v1.variable_scope("q_func"):
            h = _v1_dense(_v1_dense(obs, "fc1", 64, tf.nn.relu), "fc2", 64, tf.nn.relu)
            q = _v1_dense(h, "out", 4)
        q = tf.identity(q, name="q_values")
        return [q, tf.argmax(q, axis=1, name="action")]
    _v1_freeze(out, build)


OUTPUTS["s45_tf1_dqn_mlp_frozen"] = ["q_values", "action"]


# ================================================================================ actor-critics

@model("s45_ppo_categorical_act_value_signatures", "tf-module", "PPO / A2C discrete actor-critic: Keras actor MLP 64/64 tanh -> 6 logits and critic 64/64 tanh -> 1; signatures serving_default = act(obs float [1,16], seed int32 [2]) -> action from tf.random.stateless_categorical (int32), log_prob from log_softmax gathered with batch_dims, value; value(obs) -> value; greedy(obs) -> argmax action")
def b_ppo_cat(out):
    actor, critic = _kmlp(16, [64, 64, 6], "tanh"), _kmlp(16, [64, 64, 1], "tanh")
    spec = tensor_spec([1, 16], name="obs")

    @tf.function(input_signature=[spec, tensor_spec([2], "int32", "seed")])
    def act(obs, seed):
        logits = actor(obs, training=False)
        a = tf.random.stateless_categorical(logits, 1, seed, dtype=tf.int32)[:, 0]
        logp = tf.gather(tf.nn.log_softmax(logits), a[:, None], batch_dims=1)[:, 0]
        return {"action": a, "log_prob": logp, "value": critic(obs, training=False)[:, 0]}

    @tf.function(input_signature=[spec])
    def value(obs):
        return {"value": critic(obs, training=False)[:, 0]}

    @tf.function(input_signature=[spec])
    def greedy(obs):
        return {"action": tf.argmax(actor(obs, training=False), axis=-1, output_type=tf.int32)}
    _save(out, {"actor": actor, "critic": critic}, serving_default=act, value=value, greedy=greedy)


FEEDS["s45_ppo_categorical_act_value_signatures"] = {"seed": SEED}


@model("s45_ppo_gaussian_clip_tanh_mean", "tf-module", "PPO continuous-control actor-critic (MuJoCo Hopper-like): obs float [1,11], seed int32 [2]; Keras MLP 64/64 tanh -> mean [1,3], state-independent log_std tf.Variable clipped to [-20,2], sample mean + exp(log_std) * tf.random.stateless_normal, Gaussian log-prob, action tf.clip_by_value to [-1,1], deterministic action tanh(mean); critic MLP value")
def b_ppo_gauss(out):
    actor, critic = _kmlp(11, [64, 64, 3], "tanh"), _kmlp(11, [64, 64, 1], "tanh")
    log_std = tf.Variable(np.full(3, -0.5, "float32"), name="log_std")

    @tf.function(input_signature=[tensor_spec([1, 11], name="obs"), tensor_spec([2], "int32", "seed")])
    def serve(obs, seed):
        mean = actor(obs, training=False)
        ls = tf.clip_by_value(log_std, -20.0, 2.0) + tf.zeros_like(mean)
        raw = mean + tf.exp(ls) * tf.random.stateless_normal(tf.shape(mean), seed)
        return {"action": tf.clip_by_value(raw, -1.0, 1.0), "log_prob": _gauss_logp(raw, mean, ls),
                "deterministic_action": tf.tanh(mean), "value": critic(obs, training=False)[:, 0]}
    _save(out, {"actor": actor, "critic": critic, "log_std": log_std}, serving_default=serve)


FEEDS["s45_ppo_gaussian_clip_tanh_mean"] = {"seed": SEED}


@model("s45_sac_actor_tanh_logprob_none_batch", "tf-module", "SAC actor as exported for a robot arm: obs float [None,17]; Keras MLP 256/256 relu -> mean and log_std (clip_by_value -20..2); signature sample(obs, seed int32 [2]) draws u = mean + std * tf.random.stateless_normal(tf.shape), action = tanh(u), log_prob = Gaussian log-density - sum log(1 - tanh(u)^2 + 1e-6); signature serving_default(obs) -> deterministic tanh(mean)")
def b_sac(out):
    inp = keras.Input((17,))
    h = L.Dense(256, activation="relu")(L.Dense(256, activation="relu")(inp))
    actor = keras.Model(inp, [L.Dense(6, name="mean")(h), L.Dense(6, name="log_std")(h)])

    @tf.function(input_signature=[tensor_spec([None, 17], name="obs"), tensor_spec([2], "int32", "seed")])
    def sample(obs, seed):
        mean, log_std = actor(obs, training=False)
        log_std = tf.clip_by_value(log_std, -20.0, 2.0)
        u = mean + tf.exp(log_std) * tf.random.stateless_normal(tf.shape(mean), seed)
        a = tf.tanh(u)
        logp = _gauss_logp(u, mean, log_std) - tf.reduce_sum(tf.math.log(1.0 - tf.square(a) + 1e-6), axis=-1)
        return {"action": a, "log_prob": logp}

    @tf.function(input_signature=[tensor_spec([None, 17], name="obs")])
    def deterministic(obs):
        return {"action": tf.tanh(actor(obs, training=False)[0])}
    _save(out, {"actor": actor}, serving_default=deterministic, sample=sample)


FEEDS["s45_sac_actor_tanh_logprob_none_batch"] = {"seed": SEED}


@model("s45_td3_actor_jit_compile_noise", "tf-module", "TD3 deterministic actor for an on-board computer, both signatures tf.function(jit_compile=True): serving_default(obs float [1,24]) -> max_action * tanh(Keras MLP 256/256); explore(obs, noise float [1,6]) adds clip_by_value(0.2 * noise, -0.5, 0.5) and clips the action to [-max_action, max_action]")
def b_td3(out):
    actor = _kmlp(24, [256, 256, 6], out_act="tanh")
    max_action = 2.0

    @tf.function(jit_compile=True, input_signature=[tensor_spec([1, 24], name="obs")])
    def serve(obs):
        return {"action": max_action * actor(obs, training=False)}

    @tf.function(jit_compile=True, input_signature=[tensor_spec([1, 24], name="obs"), tensor_spec([1, 6], name="noise")])
    def explore(obs, noise):
        a = max_action * actor(obs, training=False) + tf.clip_by_value(0.2 * noise, -0.5, 0.5)
        return {"action": tf.clip_by_value(a, -max_action, max_action)}
    _save(out, {"actor": actor}, serving_default=serve, explore=explore)


@model("s45_ddpg_actor_critic_frozen_v2", "frozen-pb", "DDPG actor + critic frozen together with convert_variables_to_constants_v2 for a C++ robot runtime: obs float [1,17] -> Keras actor MLP 400/300 relu -> tanh action [1,6]; critic MLP 400/300 on concat(obs, action) -> Q [1,1]")
def b_ddpg(out):
    actor, critic = _kmlp(17, [400, 300, 6], out_act="tanh"), _kmlp(23, [400, 300, 1])

    def fn(obs):
        a = actor(obs, training=False)
        return {"action": a, "q_value": critic(tf.concat([obs, a], axis=-1), training=False)}
    _freeze(fn, [tensor_spec([1, 17], name="obs")], out)


@model("s45_tf1_ddpg_actor_layernorm_frozen", "frozen-pb", "legacy TF1 DDPG actor (OpenAI baselines style, layer_norm=True): placeholder obs float [1,17], get_variable dense 64 -> layer normalisation written with tf.nn.moments + gamma / beta variables -> relu, twice, dense 6 with small uniform init -> tanh named 'action'; frozen with graph_util.convert_variables_to_constants")
def b_tf1_ddpg(out):
    def build():
        v1 = tf.compat.v1

        def ln(x, name):
            with v1.variable_scope(name):
                mean, var = tf.nn.moments(x, axes=[1], keepdims=True)
                g = v1.get_variable("gamma", [int(x.shape[-1])], initializer=v1.ones_initializer())
                b = v1.get_variable("beta", [int(x.shape[-1])], initializer=v1.zeros_initializer())
                return (x - mean) * tf.math.rsqrt(var + 1e-5) * g + b
        obs = v1.placeholder(tf.float32, [1, 17], name="obs")
        with v1.variable_scope("actor"):
            h = tf.nn.relu(ln(_v1_dense(obs, "fc1", 64), "ln1"))
            h = tf.nn.relu(ln(_v1_dense(h, "fc2", 64), "ln2"))
            with v1.variable_scope("out"):
                w = v1.get_variable("w", [64, 6], initializer=v1.random_uniform_initializer(-3e-3, 3e-3))
                b = v1.get_variable("b", [6], initializer=v1.zeros_initializer())
        return [tf.tanh(tf.matmul(h, w) + b, name="action")]
    _v1_freeze(out, build)


OUTPUTS["s45_tf1_ddpg_actor_layernorm_frozen"] = ["action"]


@model("s45_tf1_baselines_cnn_gumbel_sample_frozen", "frozen-pb", "legacy TF1 A2C / PPO2 CnnPolicy (OpenAI baselines): placeholder uint8 [1,84,84,4] cast / 255, nature_cnn with get_variable conv kernels (orthogonal init, VALID), fc 512, pi logits [1,6] and vf (named 'value'); sampling by Gumbel-max argmax(logits - log(-log(tf.random.uniform))) (stateful RandomUniform), plus neglogp by sparse_softmax_cross_entropy and softmax probs; frozen with graph_util.convert_variables_to_constants")
def b_tf1_a2c(out):
    def build():
        v1 = tf.compat.v1

        def conv(x, name, cout, k, s):
            with v1.variable_scope(name):
                w = v1.get_variable("w", [k, k, int(x.shape[-1]), cout], initializer=v1.orthogonal_initializer(np.sqrt(2)))
                b = v1.get_variable("b", [cout], initializer=v1.zeros_initializer())
                return tf.nn.relu(tf.nn.conv2d(x, w, s, "VALID") + b)
        x = v1.placeholder(tf.uint8, [1, 84, 84, 4], name="ob")
        h = tf.cast(x, tf.float32) / 255.0
        h = conv(conv(conv(h, "c1", 32, 8, 4), "c2", 64, 4, 2), "c3", 64, 3, 1)
        h = _v1_dense(tf.reshape(h, [1, -1]), "fc1", 512, tf.nn.relu, init_scale=np.sqrt(2))
        logits = _v1_dense(h, "pi", 6, init_scale=0.01)
        vf = tf.identity(_v1_dense(h, "vf", 1)[:, 0], name="value")
        u = v1.random_uniform(tf.shape(logits), dtype=logits.dtype)
        action = tf.argmax(logits - tf.math.log(-tf.math.log(u)), axis=-1, name="action")
        neglogp = tf.identity(tf.nn.sparse_softmax_cross_entropy_with_logits(logits=logits, labels=action), name="neglogp")
        return [action, vf, neglogp, tf.nn.softmax(logits, name="probs")]
    _v1_freeze(out, build)


OUTPUTS["s45_tf1_baselines_cnn_gumbel_sample_frozen"] = ["action", "value", "neglogp", "probs"]


@model("s45_ppo_actor_critic_export_archive", "keras-archive", "PPO actor-critic for a mobile game exported with keras.export.ExportArchive tracking a Keras actor (64/64 tanh -> 4 logits) and critic: endpoint act(obs float [1,8], seed int32 [2]) -> tf.random.stateless_categorical action (int32) and log_prob; endpoint value(obs) -> value; endpoint probs(obs) -> softmax (the first endpoint is also written as serving_default)")
def b_ppo_archive(out):
    actor, critic = _kmlp(8, [64, 64, 4], "tanh", name="actor"), _kmlp(8, [64, 64, 1], "tanh", name="critic")

    def act(obs, seed):
        logits = actor(obs, training=False)
        a = tf.random.stateless_categorical(logits, 1, seed, dtype=tf.int32)[:, 0]
        return {"action": a, "log_prob": tf.reduce_sum(tf.one_hot(a, 4) * tf.nn.log_softmax(logits), axis=-1)}
    obs_spec = tensor_spec([1, 8], name="obs")
    _archive(out, [actor, critic],
             act=(act, [obs_spec, tensor_spec([2], "int32", "seed")]),
             value=(lambda obs: {"value": critic(obs, training=False)}, [obs_spec]),
             probs=(lambda obs: {"probs": tf.nn.softmax(actor(obs, training=False))}, [obs_spec]))


FEEDS["s45_ppo_actor_critic_export_archive"] = {"seed": SEED}


# ================================================================================ recurrent policies

@model("s45_lstm_policy_state_in_out_initial_state", "tf-module", "recurrent continuous-control policy for a partially observed robot: signature serving_default(obs float [1,32], h [1,64], c [1,64]) runs a Keras LSTMCell step, Dense tanh action [1,4], returns action, h_out, c_out; signature initial_state() with no inputs returns zero h / c [1,64]")
def b_lstm_policy(out):
    cell, head = L.LSTMCell(64), L.Dense(4, activation="tanh")
    cell.build((1, 32))
    head.build((1, 64))

    @tf.function(input_signature=[tensor_spec([1, 32], name="obs"), tensor_spec([1, 64], name="h"), tensor_spec([1, 64], name="c")])
    def act(obs, h, c):
        y, (h2, c2) = cell(obs, [h, c])
        return {"action": head(y), "h_out": h2, "c_out": c2}

    @tf.function(input_signature=[])
    def initial_state():
        return {"h": tf.zeros([1, 64]), "c": tf.zeros([1, 64])}
    _save(out, {"cell": cell, "head": head}, serving_default=act, initial_state=initial_state)


@model("s45_gru_policy_keras_state_inputs", "keras-export", "Keras functional recurrent policy with explicit state: obs_seq float [1,1,20] (one step) and h_in [1,96] as initial_state of a GRU(96, return_state=True), Dense 64 relu, discrete logits Dense(5) and value Dense(1); outputs logits, value, h_out; model.export with a batch-1 signature")
def b_gru_keras(out):
    obs = keras.Input((1, 20), batch_size=1, name="obs_seq")
    h_in = keras.Input((96,), batch_size=1, name="h_in")
    y, h_out = L.GRU(96, return_state=True)(obs, initial_state=[h_in])
    z = L.Dense(64, activation="relu")(y)
    m = keras.Model([obs, h_in], {"logits": L.Dense(5, name="logits")(z), "value": L.Dense(1, name="value")(z),
                                  "h_out": L.Identity(name="h_out")(h_out)})
    _export(m, out, fixed=True)


@model("s45_game_bot_gru_act_value_initial_state", "tf-module", "game NPC policy with several signatures: initial_state(batch_size int32 []) -> zeros [B,128]; act(obs float [1,20], h [1,128], seed int32 [2]) -> Keras GRUCell step, tf.random.stateless_categorical action over 7 moves (int32), h_out; value(obs, h) -> critic value; probs(obs, h) -> softmax")
def b_game_bot(out):
    enc, cell = _kmlp(20, [64, 64]), L.GRUCell(128)
    cell.build((1, 64))
    pi, vf = _kmlp(128, [7]), _kmlp(128, [1])
    obs_spec, h_spec = tensor_spec([1, 20], name="obs"), tensor_spec([1, 128], name="h")

    def step(obs, h):
        y, h2 = cell(enc(obs, training=False), [h])
        return y, h2[0] if isinstance(h2, (list, tuple)) else h2

    @tf.function(input_signature=[tensor_spec([], "int32", "batch_size")])
    def initial_state(batch_size):
        return {"h": tf.zeros(tf.stack([batch_size, 128]))}

    @tf.function(input_signature=[obs_spec, h_spec, tensor_spec([2], "int32", "seed")])
    def act(obs, h, seed):
        y, h2 = step(obs, h)
        return {"action": tf.random.stateless_categorical(pi(y), 1, seed, dtype=tf.int32)[:, 0], "h_out": h2}

    @tf.function(input_signature=[obs_spec, h_spec])
    def value(obs, h):
        return {"value": vf(step(obs, h)[0])[:, 0]}

    @tf.function(input_signature=[obs_spec, h_spec])
    def probs(obs, h):
        return {"probs": tf.nn.softmax(pi(step(obs, h)[0]))}
    _save(out, {"enc": enc, "cell": cell, "pi": pi, "vf": vf}, serving_default=act, initial_state=initial_state,
          value=value, probs=probs)


FEEDS["s45_game_bot_gru_act_value_initial_state"] = {"seed": SEED, "batch_size": 1}


@model("s45_tf1_lstm_policy_manual_gates_frozen", "frozen-pb", "legacy TF1 recurrent policy (baselines lstm() style): placeholders obs float [1,16], c_in / h_in [1,32]; get_variable wx / wh / b, gates from one matmul split in 4 (sigmoid / tanh), new c / h, softmax policy over 4 actions and argmax; named outputs probs, action, c_out, h_out; frozen with graph_util.convert_variables_to_constants")
def b_tf1_lstm(out):
    def build():
        v1 = tf.compat.v1
        obs = v1.placeholder(tf.float32, [1, 16], name="obs")
        c = v1.placeholder(tf.float32, [1, 32], name="c_in")
        h = v1.placeholder(tf.float32, [1, 32], name="h_in")
        x = _v1_dense(obs, "embed", 32, tf.nn.relu)
        with v1.variable_scope("lstm"):
            wx = v1.get_variable("wx", [32, 128], initializer=v1.orthogonal_initializer(1.0))
            wh = v1.get_variable("wh", [32, 128], initializer=v1.orthogonal_initializer(1.0))
            b = v1.get_variable("b", [128], initializer=v1.zeros_initializer())
            i, f, o, u = tf.split(tf.matmul(x, wx) + tf.matmul(h, wh) + b, 4, axis=1)
            c2 = tf.sigmoid(f) * c + tf.sigmoid(i) * tf.tanh(u)
            h2 = tf.sigmoid(o) * tf.tanh(c2)
        probs = tf.nn.softmax(_v1_dense(h2, "pi", 4), name="probs")
        return [probs, tf.argmax(probs, axis=1, name="action"), tf.identity(c2, name="c_out"), tf.identity(h2, name="h_out")]
    _v1_freeze(out, build)


OUTPUTS["s45_tf1_lstm_policy_manual_gates_frozen"] = ["probs", "action", "c_out", "h_out"]


# ================================================================================ perception policies

@model("s45_pilotnet_bc_uint8_steering_keras", "keras-export", "behaviour-cloning PilotNet (NVIDIA end-to-end driving) for an RC car: uint8 camera frame [1,66,200,3] (fixed batch 1), Rescaling(1/127.5, offset=-1), Conv2D 24/36/48 5x5 stride 2 + 64/64 3x3 (elu), Flatten, Dropout, Dense 100/50/10 elu; heads steering Dense(1, tanh) and throttle Dense(1, sigmoid); model.export")
def b_pilotnet(out):
    inp = keras.Input((66, 200, 3), batch_size=1, dtype="uint8", name="camera")
    x = L.Rescaling(1.0 / 127.5, offset=-1)(inp)
    for f, k, s in ((24, 5, 2), (36, 5, 2), (48, 5, 2), (64, 3, 1), (64, 3, 1)):
        x = L.Conv2D(f, k, s, activation="elu")(x)
    x = L.Dropout(0.5)(L.Flatten()(x))
    for u in (100, 50, 10):
        x = L.Dense(u, activation="elu")(x)
    _export(keras.Model(inp, {"steering": L.Dense(1, activation="tanh", name="steering")(x),
                              "throttle": L.Dense(1, activation="sigmoid", name="throttle")(x)}), out, fixed=True)


@model("s45_visuomotor_spatial_softmax_proprio", "tf-module", "visuomotor manipulation policy (Levine et al. style): camera uint8 [1,64,64,3] via tf.image.convert_image_dtype, Keras Conv2D stack -> 16 feature maps, spatial softmax written with transpose / reshape / tf.nn.softmax over H*W and expected x / y keypoints against constant coordinate grids, concatenated with joint_pos [1,7] and joint_vel [1,7]; MLP -> joint velocity command clip_by_value [-1,1] and gripper probability (sigmoid) + gripper_close bool")
def b_visuomotor(out):
    cnn = keras.Sequential([keras.Input((64, 64, 3)), L.Conv2D(32, 5, 2, padding="same", activation="relu"),
                            L.Conv2D(32, 3, padding="same", activation="relu"), L.Conv2D(16, 3, padding="same")])
    mlp = _kmlp(2 * 16 + 14, [128, 128, 8])
    ys, xs = np.meshgrid(np.linspace(-1, 1, 32), np.linspace(-1, 1, 32), indexing="ij")

    @tf.function(input_signature=[tensor_spec([1, 64, 64, 3], "uint8", "camera"), tensor_spec([1, 7], name="joint_pos"),
                                  tensor_spec([1, 7], name="joint_vel")])
    def serve(camera, joint_pos, joint_vel):
        f = cnn(tf.image.convert_image_dtype(camera, tf.float32), training=False)          # [1,32,32,16]
        att = tf.nn.softmax(tf.reshape(tf.transpose(f, [0, 3, 1, 2]), [1, 16, 32 * 32]), axis=-1)
        kx = tf.reduce_sum(att * xs.reshape(1, 1, -1).astype("float32"), axis=-1)
        ky = tf.reduce_sum(att * ys.reshape(1, 1, -1).astype("float32"), axis=-1)
        out = mlp(tf.concat([kx, ky, joint_pos, joint_vel], axis=-1), training=False)
        g = tf.sigmoid(out[:, 7:])
        return {"joint_velocity": tf.clip_by_value(out[:, :7], -1.0, 1.0), "gripper_prob": g, "gripper_close": g > 0.5,
                "keypoints": tf.stack([kx, ky], axis=-1)}
    _save(out, {"cnn": cnn, "mlp": mlp}, serving_default=serve)


@model("s45_frame_stack_in_graph_state", "tf-module", "frame stacking done inside the served graph (the app keeps the stack as state): frame uint8 [1,84,84,1] and frame_stack float [1,84,84,4]; new stack = concat(stack[..., 1:], cast(frame) / 255), Keras Nature-CNN Q-network (Dense 512 -> 4), argmax int32; outputs q_values, action, next_frame_stack")
def b_frame_stack(out):
    torso, head = _nature_cnn((84, 84, 4)), L.Dense(4)
    head.build((1, 512))

    @tf.function(input_signature=[tensor_spec([1, 84, 84, 1], "uint8", "frame"), tensor_spec([1, 84, 84, 4], name="frame_stack")])
    def serve(frame, frame_stack):
        stack = tf.concat([frame_stack[..., 1:], tf.cast(frame, tf.float32) / 255.0], axis=-1)
        q = head(torso(stack, training=False))
        return {"q_values": q, "action": tf.argmax(q, axis=-1, output_type=tf.int32), "next_frame_stack": stack}
    _save(out, {"torso": torso, "head": head}, serving_default=serve)


@model("s45_drone_racing_camera_imu_archive", "keras-archive", "drone-racing policy exported with keras.export.ExportArchive: Keras functional model camera float [1,96,96,3] (Conv2D 16/32/64 stride 2 + GlobalAveragePooling2D) fused with imu [1,6] (Dense 32) -> collective thrust sigmoid [1,1] and body rates tanh * 3 rad/s [1,3]; endpoints serve_uint8(frame uint8 [1,96,96,3], imu) via tf.image.convert_image_dtype and serve_float(frame float, imu)")
def b_drone_racing(out):
    cam, imu = keras.Input((96, 96, 3), name="camera"), keras.Input((6,), name="imu")
    x = cam
    for f in (16, 32, 64):
        x = L.Conv2D(f, 3, 2, padding="same", activation="relu")(x)
    z = L.Concatenate()([L.GlobalAveragePooling2D()(x), L.Dense(32, activation="relu")(imu)])
    z = L.Dense(64, activation="relu")(z)
    thrust = L.Dense(1, activation="sigmoid", name="thrust")(z)
    rates = L.Rescaling(3.0, name="body_rates")(L.Dense(3, activation="tanh")(z))
    net = keras.Model([cam, imu], {"thrust": thrust, "body_rates": rates})
    _archive(out, [net],
             serve_uint8=(lambda frame, imu: net([tf.image.convert_image_dtype(frame, tf.float32), imu], training=False),
                          [tensor_spec([1, 96, 96, 3], "uint8", "frame"), tensor_spec([1, 6], name="imu")]),
             serve_float=(lambda frame, imu: net([frame, imu], training=False),
                          [tensor_spec([1, 96, 96, 3], name="frame"), tensor_spec([1, 6], name="imu")]))


# ================================================================================ games, masking, discretisation

@model("s45_entity_transformer_masked_targets_keras", "keras-export", "Transformer policy over game entities (AlphaStar / OpenAI Five-like, small): entities float [1,16,10], entity_mask float [1,16]; Dense(64) embedding, 2 blocks of MultiHeadAttention(4 heads) with attention_mask built in a Lambda from the entity mask (bool [1,16,16]) + LayerNormalization + FFN; masked mean pooling -> move logits Dense(8) and value; per-entity target logits masked with tf.where(mask, logits, -1e9) -> target softmax; model.export batch 1")
def b_entity_tf(out):
    ent = keras.Input((16, 10), batch_size=1, name="entities")
    mask = keras.Input((16,), batch_size=1, name="entity_mask")
    att_mask = L.Lambda(lambda m: tf.logical_and(m[:, :, None] > 0.5, m[:, None, :] > 0.5), output_shape=(16, 16))(mask)
    x = L.Dense(64)(ent)
    for _ in range(2):
        x = L.LayerNormalization()(x + L.MultiHeadAttention(4, 16)(x, x, attention_mask=att_mask))
        x = L.LayerNormalization()(x + L.Dense(64)(L.Dense(128, activation="relu")(x)))
    pooled = L.Lambda(lambda t: tf.reduce_sum(t[0] * t[1][..., None], 1) / tf.maximum(tf.reduce_sum(t[1], 1, keepdims=True), 1.0),
                      output_shape=(64,))([x, mask])
    move = L.Dense(8, name="move_logits")(pooled)
    tgt = L.Reshape((16,))(L.Dense(1)(x))
    tgt = L.Lambda(lambda t: tf.nn.softmax(tf.where(t[1] > 0.5, t[0], -1e9)), output_shape=(16,), name="target_probs")([tgt, mask])
    _export(keras.Model([ent, mask], {"move_logits": move, "target_probs": tgt, "value": L.Dense(1, name="value")(pooled)}),
            out, fixed=True)


FEEDS["s45_entity_transformer_masked_targets_keras"] = lambda rng: {"entity_mask": (np.arange(16) < 10).astype("float32")[None]}


@model("s45_action_mask_where_neg_inf_logits", "tf-module", "card / board-game policy with legal-action masking: obs float [1,32], action_mask int32 [1,10] (1 = legal); Keras MLP logits, tf.where(mask > 0, logits, -1e9), tf.nn.softmax probabilities, greedy tf.argmax int32 and sampled action from tf.random.stateless_categorical(seed int32 [2]) on the masked logits")
def b_action_mask(out):
    net = _kmlp(32, [128, 128, 10])

    @tf.function(input_signature=[tensor_spec([1, 32], name="obs"), tensor_spec([1, 10], "int32", "action_mask"),
                                  tensor_spec([2], "int32", "seed")])
    def serve(obs, action_mask, seed):
        logits = tf.where(action_mask > 0, net(obs, training=False), tf.constant(-1e9))
        return {"probs": tf.nn.softmax(logits), "greedy_action": tf.argmax(logits, axis=-1, output_type=tf.int32),
                "sampled_action": tf.random.stateless_categorical(logits, 1, seed, dtype=tf.int32)[:, 0]}
    _save(out, {"net": net}, serving_default=serve)


FEEDS["s45_action_mask_where_neg_inf_logits"] = {"action_mask": [[1, 0, 1, 1, 0, 0, 1, 0, 1, 1]], "seed": SEED}


@model("s45_grid_game_onehot_conv_masked", "tf-module", "grid-world / roguelike game agent: grid int32 [1,11,11] tile ids (0..7) -> tf.one_hot depth 8, Keras Conv2D 32/32 3x3 + Flatten + Dense 128 torso; policy logits over 5 moves masked by valid_moves int32 [1,5] with tf.where and -1e9, softmax, argmax int32, value head")
def b_grid(out):
    torso = keras.Sequential([keras.Input((11, 11, 8)), L.Conv2D(32, 3, padding="same", activation="relu"),
                              L.Conv2D(32, 3, padding="same", activation="relu"), L.Flatten(), L.Dense(128, activation="relu")])
    pi, vf = L.Dense(5), L.Dense(1)
    pi.build((1, 128))
    vf.build((1, 128))

    @tf.function(input_signature=[tensor_spec([1, 11, 11], "int32", "grid"), tensor_spec([1, 5], "int32", "valid_moves")])
    def serve(grid, valid_moves):
        h = torso(tf.one_hot(grid, 8), training=False)
        logits = tf.where(valid_moves > 0, pi(h), -1e9)
        return {"probs": tf.nn.softmax(logits), "action": tf.argmax(logits, axis=-1, output_type=tf.int32), "value": vf(h)}
    _save(out, {"torso": torso, "pi": pi, "vf": vf}, serving_default=serve)


FEEDS["s45_grid_game_onehot_conv_masked"] = {"grid": (0, 8), "valid_moves": [[1, 1, 0, 1, 1]]}


@model("s45_discretized_action_bins_none_batch_keras", "keras-export", "continuous control through discretised action bins (11 bins per dimension, 3 dimensions), None batch: obs float [None,12] -> Dense 128/128 relu -> Dense(33) Reshape (3,11) softmax; Lambda tf.argmax bin index (int32) and tf.gather of the constant bin centres linspace(-1,1,11) -> continuous action [None,3]; model.export")
def b_bins(out):
    inp = keras.Input((12,), name="obs")
    x = L.Dense(128, activation="relu")(L.Dense(128, activation="relu")(inp))
    probs = L.Softmax(axis=-1, name="bin_probs")(L.Reshape((3, 11))(L.Dense(33)(x)))
    idx = L.Lambda(lambda p: tf.argmax(p, axis=-1, output_type=tf.int32), output_shape=(3,), name="bin_index")(probs)
    centres = np.linspace(-1.0, 1.0, 11).astype("float32")
    act = L.Lambda(lambda i: tf.gather(tf.constant(centres), i), output_shape=(3,), name="action")(idx)
    _export(keras.Model(inp, {"bin_probs": probs, "bin_index": idx, "action": act}), out)


@model("s45_mcu_tiny_policy_mlp_batch1_keras", "keras-export", "tiny policy for a microcontroller (line-following / balancing robot, int8 TFLite Micro target): float [1,8] sensors (fixed batch 1) -> Dense 16 relu -> Dense 16 relu -> Dense 4 softmax; model.export")
def b_mcu(out):
    m = keras.Sequential([keras.Input((8,), batch_size=1, name="sensors"), L.Dense(16, activation="relu"),
                          L.Dense(16, activation="relu"), L.Dense(4, activation="softmax")])
    _export(m, out, fixed=True)


# ================================================================================ control loops and state estimation

@model("s45_mpc_random_shooting_unrolled_frozen", "frozen-pb", "model-predictive control by random shooting, frozen with convert_variables_to_constants_v2: state float [1,4], seed int32 [2]; 256 action sequences of horizon 10 from tf.random.stateless_uniform in [-1,1] x 2 dims, a learned dynamics MLP (raw tf.Variables, 64/64 relu, predicts the state delta) and reward MLP rolled out in a Python-unrolled loop, returns summed; best sequence by tf.argmax; outputs first action [1,2], best_return and the planned sequence")
def b_random_shooting(out):
    dyn, rew = _params([6, 64, 64, 4], 10, name="dynamics"), _params([6, 32, 1], 11, name="reward")

    def fn(state, seed):
        acts = tf.random.stateless_uniform([256, 10, 2], seed, -1.0, 1.0)
        s = tf.tile(state, [256, 1])
        ret = tf.zeros([256])
        for t in range(10):
            sa = tf.concat([s, acts[:, t]], axis=-1)
            ret += _mlp(rew, sa)[:, 0]
            s = s + _mlp(dyn, sa)
        best = tf.argmax(ret, output_type=tf.int32)
        return {"action": tf.gather(acts, best)[None, 0], "best_return": tf.reduce_max(ret), "plan": tf.gather(acts, best)}
    _freeze(fn, [tensor_spec([1, 4], name="state"), tensor_spec([2], "int32", "seed")], out)


FEEDS["s45_mpc_random_shooting_unrolled_frozen"] = {"seed": SEED}
OUTPUTS["s45_mpc_random_shooting_unrolled_frozen"] = ["Identity", "Identity_1", "Identity_2"]  # action, best_return, plan


@model("s45_mpc_cem_while_loop_dynamics_mlp", "tf-module", "cross-entropy-method MPC in a tf.while_loop (5 iterations) over a learned Keras dynamics MLP: state float [1,4], goal [1,4], seed int32 [2]; each iteration samples 128 sequences (horizon 8, 2-dim actions) mean + std * tf.random.stateless_normal on stateless_fold_in(seed, i), clip_by_value, Python-unrolled rollout with quadratic goal cost, elites by tf.math.top_k(-cost, 12), tf.gather, new mean / std (tf.math.reduce_std); outputs first action, planned mean sequence, final cost")
def b_cem(out):
    dyn = _kmlp(6, [64, 64, 4])
    N, H, K = 128, 8, 12

    @tf.function(input_signature=[tensor_spec([1, 4], name="state"), tensor_spec([1, 4], name="goal"), tensor_spec([2], "int32", "seed")])
    def serve(state, goal, seed):
        def cost_of(acts):
            s, c = tf.tile(state, [N, 1]), tf.zeros([N])
            for t in range(H):
                s = s + dyn(tf.concat([s, acts[:, t]], -1), training=False)
                c += tf.reduce_sum(tf.square(s - goal), -1) + 0.01 * tf.reduce_sum(tf.square(acts[:, t]), -1)
            return c

        def body(i, mean, std, best):
            eps = tf.random.stateless_normal([N, H, 2], tf.random.experimental.stateless_fold_in(seed, i))
            acts = tf.clip_by_value(mean + std * eps, -1.0, 1.0)
            neg, idx = tf.math.top_k(-cost_of(acts), K)
            elites = tf.gather(acts, idx)
            return i + 1, tf.reduce_mean(elites, 0), tf.math.reduce_std(elites, 0) + 1e-3, -neg[0]
        _, mean, _, best = tf.while_loop(lambda i, *_: i < 5, body,
                                         [tf.constant(0), tf.zeros([H, 2]), tf.ones([H, 2]), tf.constant(0.0)])
        return {"action": mean[None, 0], "plan": mean, "cost": best}
    _save(out, {"dynamics": dyn}, serving_default=serve)


FEEDS["s45_mpc_cem_while_loop_dynamics_mlp"] = {"seed": SEED}


@model("s45_pid_neural_residual_antiwindup", "tf-module", "PID attitude controller with a learned residual: setpoint float [1,3], measurement [1,3], integral [1,3], prev_error [1,3], dt float []; constant Kp / Ki / Kd vectors, integral clipped for anti-windup (clip_by_value), derivative (e - e_prev) / max(dt, 1e-3), Keras MLP residual on concat(error, measurement, derivative) scaled 0.1 * tanh, command clipped to [-1,1]; outputs command, integral_out, error")
def b_pid(out):
    res = _kmlp(9, [32, 32, 3], "tanh", out_act="tanh")
    kp, ki, kd = np.array([1.2, 1.2, 0.8], "float32"), np.array([0.3, 0.3, 0.1], "float32"), np.array([0.05, 0.05, 0.02], "float32")
    specs = [tensor_spec([1, 3], name=n) for n in ("setpoint", "measurement", "integral", "prev_error")] + [tensor_spec([], name="dt")]

    @tf.function(input_signature=specs)
    def serve(setpoint, measurement, integral, prev_error, dt):
        e = setpoint - measurement
        i2 = tf.clip_by_value(integral + e * dt, -0.5, 0.5)
        d = (e - prev_error) / tf.maximum(dt, 1e-3)
        u = kp * e + ki * i2 + kd * d + 0.1 * res(tf.concat([e, measurement, d], -1), training=False)
        return {"command": tf.clip_by_value(u, -1.0, 1.0), "integral_out": i2, "error": e}
    _save(out, {"residual": res}, serving_default=serve)


FEEDS["s45_pid_neural_residual_antiwindup"] = {"dt": 0.01}


@model("s45_kalman_filter_state_then_policy", "tf-module", "constant-velocity Kalman filter in the served graph feeding a tracking policy: measurement float [1,2], x_prev [1,4], P_prev [1,4,4]; predict with constant F / Q, innovation covariance S = H P H^T + R, gain K = P H^T tf.linalg.inv(S), update x / P (Joseph-free form), Keras MLP policy on the filtered state -> action tanh [1,2]; outputs action, x, P")
def b_kalman(out):
    policy = _kmlp(4, [64, 64, 2], out_act="tanh")
    dt = 0.05
    F = np.array([[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1]], "float32")
    H = np.array([[1, 0, 0, 0], [0, 1, 0, 0]], "float32")
    Q, R = (0.01 * np.eye(4)).astype("float32"), (0.1 * np.eye(2)).astype("float32")

    @tf.function(input_signature=[tensor_spec([1, 2], name="measurement"), tensor_spec([1, 4], name="x_prev"),
                                  tensor_spec([1, 4, 4], name="P_prev")])
    def serve(measurement, x_prev, P_prev):
        x = tf.matmul(x_prev, F, transpose_b=True)
        P = tf.matmul(tf.matmul(F[None], P_prev), F.T[None]) + Q
        S = tf.matmul(tf.matmul(H[None], P), H.T[None]) + R
        K = tf.matmul(tf.matmul(P, H.T[None]), tf.linalg.inv(S))
        x = x + tf.einsum("bij,bj->bi", K, measurement - tf.matmul(x, H, transpose_b=True))
        P = tf.matmul(np.eye(4, dtype="float32")[None] - tf.matmul(K, H[None]), P)
        return {"action": policy(x, training=False), "x": x, "P": P}
    _save(out, {"policy": policy}, serving_default=serve)


FEEDS["s45_kalman_filter_state_then_policy"] = lambda rng: {"P_prev": np.eye(4, dtype="float32")[None]}


@model("s45_obs_normalization_running_stats_keras", "keras-export", "policy exported with its observation normaliser (running mean / variance from training baked in as constants): obs float [1,27] (fixed batch 1) -> keras Normalization(mean=..., variance=...) -> Lambda clip_by_value(-10, 10) -> Dense 64/64 tanh -> Dense(8, tanh) action; model.export")
def b_obs_norm(out):
    rng = np.random.default_rng(7)
    mean, var = rng.normal(0, 2, 27).astype("float32"), rng.uniform(0.1, 5.0, 27).astype("float32")
    m = keras.Sequential([keras.Input((27,), batch_size=1, name="obs"), L.Normalization(mean=mean, variance=var),
                          L.Lambda(lambda t: tf.clip_by_value(t, -10.0, 10.0)), L.Dense(64, activation="tanh"),
                          L.Dense(64, activation="tanh"), L.Dense(8, activation="tanh")])
    _export(m, out, fixed=True)


@model("s45_her_goal_conditioned_actor_none_batch_keras", "keras-export", "HER goal-conditioned actor for a Fetch pick-and-place arm, None batch: obs float [None,25] and desired_goal [None,3], each normalised with constant mean / std in a Lambda and clipped to [-5,5], concatenated, Dense 256 x3 relu -> Dense(4, tanh) action; model.export")
def b_her(out):
    rng = np.random.default_rng(8)
    stats = {k: (rng.normal(0, 1, n).astype("float32"), rng.uniform(0.2, 2.0, n).astype("float32")) for k, n in (("obs", 25), ("goal", 3))}

    def norm(key):
        mu, sd = stats[key]
        return L.Lambda(lambda t: tf.clip_by_value((t - mu) / sd, -5.0, 5.0), name=f"normalize_{key}")
    o, g = keras.Input((25,), name="obs"), keras.Input((3,), name="desired_goal")
    x = L.Concatenate()([norm("obs")(o), norm("goal")(g)])
    for _ in range(3):
        x = L.Dense(256, activation="relu")(x)
    _export(keras.Model([o, g], L.Dense(4, activation="tanh", name="action")(x)), out)


@model("s45_quadrotor_quaternion_rotmat_frozen", "frozen-pb", "quadrotor low-level controller frozen with convert_variables_to_constants_v2: quat float [1,4] (normalised with tf.math.l2_normalize, turned into a 3x3 rotation matrix with tf.stack arithmetic), ang_vel [1,3], pos_err [1,3], lin_vel [1,3]; Keras MLP 64/64 tanh on the 18 features -> sigmoid motor thrusts * 8 N, clip_by_value [0.1, 8]")
def b_quad(out):
    net = _kmlp(18, [64, 64, 4], "tanh", out_act="sigmoid")

    def fn(quat, ang_vel, pos_err, lin_vel):
        q = tf.math.l2_normalize(quat, axis=-1)
        w, x, y, z = tf.unstack(q, axis=-1)
        rot = tf.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
                        2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                        2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=-1)
        thrust = 8.0 * net(tf.concat([rot, ang_vel, pos_err, lin_vel], axis=-1), training=False)
        return {"motor_thrusts": tf.clip_by_value(thrust, 0.1, 8.0)}
    _freeze(fn, [tensor_spec([1, 4], name="quat"), tensor_spec([1, 3], name="ang_vel"), tensor_spec([1, 3], name="pos_err"),
                 tensor_spec([1, 3], name="lin_vel")], out)


@model("s45_legged_rma_conv1d_history_keras", "keras-export", "legged-robot locomotion policy with an RMA-style adaptation module: proprio_history float [1,50,45] -> Conv1D 32 (k8 s4) / 32 (k5 s1) / 32 (k5 s1) elu, Flatten, Dense 8 extrinsics latent; concat with obs [1,45] -> Dense 256/128 elu -> 12 actions * 0.25 + constant default joint angles (Lambda) -> joint_targets; model.export batch 1")
def b_legged(out):
    hist, obs = keras.Input((50, 45), batch_size=1, name="proprio_history"), keras.Input((45,), batch_size=1, name="obs")
    x = L.Conv1D(32, 8, 4, activation="elu")(hist)
    x = L.Conv1D(32, 5, 1, activation="elu")(x)
    x = L.Conv1D(32, 5, 1, activation="elu")(x)
    z = L.Dense(8, name="extrinsics")(L.Flatten()(x))
    h = L.Dense(128, activation="elu")(L.Dense(256, activation="elu")(L.Concatenate()([obs, z])))
    default = np.tile(np.array([0.1, 0.8, -1.5], "float32"), 4)
    targets = L.Lambda(lambda a: 0.25 * a + default, name="joint_targets")(L.Dense(12)(h))
    _export(keras.Model([hist, obs], {"joint_targets": targets, "extrinsics": z}), out, fixed=True)


# ================================================================================ world models

@model("s45_rssm_lite_observe_imagine_signatures", "tf-module", "Dreamer-style RSSM-lite world model with an actor: signatures initial_state(batch_size int32 []) -> zero deter h [B,64] / stoch z [B,16]; observe(h [1,64], z [1,16], action [1,4], embed [1,32], seed int32 [2]) -> Keras GRUCell deterministic step, posterior Gaussian (softplus std + 0.1) sampled with tf.random.stateless_normal; imagine(h, z, seed) -> tanh actor action, prior step, predicted reward; Keras Dense / Sequential MLP heads")
def b_rssm(out):
    img_in, cell = L.Dense(64, activation="elu"), L.GRUCell(64)
    prior, post = _kmlp(64, [64, 32]), _kmlp(64 + 32, [64, 32])
    actor, reward = _kmlp(80, [64, 4], "elu", out_act="tanh"), _kmlp(80, [64, 1], "elu")
    img_in.build((1, 20))
    cell.build((1, 64))

    def deter(h, z, a):
        y, h2 = cell(img_in(tf.concat([z, a], -1)), [h])
        return h2[0] if isinstance(h2, (list, tuple)) else h2

    def sample(stats, seed):
        mean, std = tf.split(stats, 2, axis=-1)
        std = tf.nn.softplus(std) + 0.1
        return mean + std * tf.random.stateless_normal(tf.shape(mean), seed), mean, std
    h_spec, z_spec, seed_spec = tensor_spec([1, 64], name="h"), tensor_spec([1, 16], name="z"), tensor_spec([2], "int32", "seed")

    @tf.function(input_signature=[tensor_spec([], "int32", "batch_size")])
    def initial_state(batch_size):
        return {"h": tf.zeros(tf.stack([batch_size, 64])), "z": tf.zeros(tf.stack([batch_size, 16]))}

    @tf.function(input_signature=[h_spec, z_spec, tensor_spec([1, 4], name="action"), tensor_spec([1, 32], name="embed"), seed_spec])
    def observe(h, z, action, embed, seed):
        h2 = deter(h, z, action)
        z2, mean, std = sample(post(tf.concat([h2, embed], -1)), seed)
        return {"h": h2, "z": z2, "post_mean": mean, "post_std": std}

    @tf.function(input_signature=[h_spec, z_spec, seed_spec])
    def imagine(h, z, seed):
        a = actor(tf.concat([h, z], -1))
        h2 = deter(h, z, a)
        z2, _, _ = sample(prior(h2), seed)
        return {"action": a, "h": h2, "z": z2, "reward": reward(tf.concat([h2, z2], -1))}
    _save(out, {"img_in": img_in, "cell": cell, "prior": prior, "post": post, "actor": actor, "reward": reward},
          serving_default=imagine, observe=observe, initial_state=initial_state)


FEEDS["s45_rssm_lite_observe_imagine_signatures"] = {"seed": SEED, "batch_size": 1}


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
