"""Build an independently made corpus into bench/out/fresh49/: volumetric, video and multi-frame models the way medical
imaging, action recognition, video enhancement and 3D sensing projects export them. Medical volumes (a CT 3D U-Net with
Conv3D + BatchNormalization, MaxPooling3D and Conv3DTranspose, a V-Net with 5x5x5 kernels, strided Conv3D downsampling,
PReLU and residual adds, a 3D U-Net with GroupNormalization, AveragePooling3D and UpSampling3D, a BraTS multi-modal
network with a custom instance-norm layer and deep supervision, an attention-gated 3D U-Net in raw tf.nn.conv3d with
nearest upsampling by tf.repeat, an int16 Hounsfield-unit CT classifier with windowing in the graph, sliding-window patch
inference with tf.extract_volume_patches, a cine-MRI TimeDistributed U-Net with a ConvLSTM2D bottleneck, an EchoNet-like
ejection-fraction regressor with a None time axis, a uint8 semantic scene-completion net with dilated Conv3D); action
recognition on frame clips (C3D, an I3D-lite with Inception3D branches, R(2+1)D factorised convs, a 3D ResNet frozen to
.pb, a SlowFast-lite with frame sub-sampling and time-strided lateral connections, TSM temporal shift by tf.roll and by
slice-and-concat over a (batch*time) reshape, an X3D-lite on uint8 clips with resize / crop preprocessing and channel-wise
grouped Conv3D, a two-stream net with frame-difference motion input, TimeDistributed CNN + LSTM with a None time axis, a
per-frame depthwise backbone + GRU, masked temporal attention pooling from clip lengths, a classifier returning top-k
string labels); precipitation nowcasting (Keras ConvLSTM2D, a hand-written ConvGRU in a tf.while_loop over a None time
axis, a frozen ConvLSTM2D encoder-forecaster); video enhancement (frame interpolation warping by optical flow with
bilinear sampling written with tf.gather_nd, a Super-SloMo-lite with tf.gather(batch_dims=1) warping, multi-frame VSR
with depth_to_space, an FRVSR-style recurrent step with space_to_depth and state signatures, a FastDVDnet-lite denoiser,
a TF1 VESPCN-style early-fusion net); 3D sensing (PointPillars-lite with tf.scatter_nd into a BEV grid, in-graph
voxelization of a dynamic point cloud with unsorted_segment_sum, VideoPose3D dilated temporal Conv1D lifting, a
Martinez-style residual MLP lifter with a sequence signature, stereo depth with a concatenation cost volume + 3D
aggregation + soft-argmin and a depth signature, a GC-Net-lite difference cost volume with Conv3DTranspose frozen to
.pb). Exported as Keras 3 model.export (fixed batch-1 signatures and None batch / time), tf.saved_model.save of
tf.Modules with explicit signatures (often several), TF2 functions frozen with convert_variables_to_constants_v2 and
TF1 tf.compat.v1 graphs frozen with graph_util.convert_variables_to_constants. Float32 clips [1, T, H, W, C] with T 3-16
and H, W 16-64, some None batch / time / point counts, int16 CT, uint8 clips and voxels, int32 coordinates and lengths.
Seeded random weights; nothing is downloaded; every model runs forward once while it is built; no outcomes are
recorded here.

    .venv/bin/python scripts/build_corpus_fresh49.py                 # build all (skips what exists)
    .venv/bin/python scripts/build_corpus_fresh49.py --force         # rebuild all
    .venv/bin/python scripts/build_corpus_fresh49.py --only A B      # rebuild only these
    .venv/bin/python scripts/build_corpus_fresh49.py --list          # list the models
    .venv/bin/python scripts/build_corpus_fresh49.py --check         # load each model back, run every signature

Writes <name>/ (SavedModel) or <name>.pb (frozen GraphDef) per model, and MANIFEST.txt.
"""

import os
import sys

from corpus_driver import Corpus, dummy_inputs, freeze_function, keras_export, serve_module, tensor_spec

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CORPUS = Corpus("fresh49", frozen_kinds={"frozen-pb"})
model, OUT = CORPUS.model, CORPUS.out

tf = keras = np = L = None

# Inputs that need real values (coordinates in range, lengths, HU values, scalars): model -> {input name (or
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


def _export(m, out, fixed=False):
    """run the Keras model once (inference) on the --check inputs, then model.export; `fixed` keeps the Inputs' batch
    size (1) in the exported signature, else Keras relaxes the batch to None"""
    specs = [tensor_spec(t.shape, t.dtype, t.name) for t in m.inputs]
    vals = _feed(out, specs)
    xs = [vals[s.name] for s in specs]
    m(xs if len(xs) > 1 else xs[0], training=False)
    sig = None
    if fixed:
        sig = [specs] if len(specs) > 1 else specs
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


def _v1_conv(x, name, cout, k=3, s=1, act="relu", bn=False, dims=3):
    """TF1 conv layer: get_variable kernel (glorot) / bias, tf.nn.conv3d (dims=3) or conv2d, optional inference-mode
    batch norm with moving_mean / moving_variance variables (tf.nn.batch_normalization), relu by default"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("kernel", [k] * dims + [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        if dims == 3:
            y = tf.nn.conv3d(x, w, [1, s, s, s, 1], "SAME")
        else:
            y = tf.nn.conv2d(x, w, [1, s, s, 1], "SAME")
        if bn:
            mean = v1.get_variable("moving_mean", [cout], initializer=v1.zeros_initializer(), trainable=False)
            var = v1.get_variable("moving_variance", [cout], initializer=v1.ones_initializer(), trainable=False)
            gamma = v1.get_variable("gamma", [cout], initializer=v1.ones_initializer())
            beta = v1.get_variable("beta", [cout], initializer=v1.zeros_initializer())
            y = tf.nn.batch_normalization(y, mean, var, beta, gamma, 1e-3)
        else:
            y = y + v1.get_variable("bias", [cout], initializer=v1.zeros_initializer())
        return tf.nn.relu(y) if act == "relu" else y


def _v1_dense(x, name, cout, act=None):
    """TF1 dense layer: get_variable weights (glorot) / zero biases"""
    v1 = tf.compat.v1
    with v1.variable_scope(name):
        w = v1.get_variable("weights", [int(x.shape[-1]), cout], initializer=v1.glorot_uniform_initializer())
        y = tf.matmul(x, w) + v1.get_variable("biases", [cout], initializer=v1.zeros_initializer())
        return act(y) if act else y


def _kvar(shape, seed, scale=None, name="w"):
    """a conv / dense kernel as a tf.Variable, He-normal from a numpy generator"""
    rng = np.random.default_rng(seed)
    fan_in = int(np.prod(shape[:-1]))
    return tf.Variable(rng.normal(0, scale or np.sqrt(2.0 / fan_in), shape).astype("float32"), name=name)


def _cbr3d(x, f, k=3, s=1, norm="bn", act="relu", name=None):
    """Keras Conv3D + normalization (bn / gn / none) + activation, as 3D segmentation repos stack them"""
    x = L.Conv3D(f, k, strides=s, padding="same", use_bias=norm is None, name=name)(x)
    if norm == "bn":
        x = L.BatchNormalization()(x)
    elif norm == "gn":
        x = L.GroupNormalization(groups=4)(x)
    return L.Activation(act)(x) if act else x


def _bilinear_warp_gather_nd(img, flow):
    """backward-warp img [B,H,W,C] by flow [B,H,W,2] (dx, dy in pixels): sample coordinates clipped to the image,
    the four neighbours fetched with tf.gather_nd on (batch, y, x) index triples, bilinear weights"""
    shp = tf.shape(img)
    b, h, w = shp[0], shp[1], shp[2]
    gy, gx = tf.meshgrid(tf.range(h), tf.range(w), indexing="ij")
    x = tf.cast(gx, tf.float32)[None] + flow[..., 0]
    y = tf.cast(gy, tf.float32)[None] + flow[..., 1]
    x = tf.clip_by_value(x, 0.0, tf.cast(w - 1, tf.float32))
    y = tf.clip_by_value(y, 0.0, tf.cast(h - 1, tf.float32))
    x0, y0 = tf.floor(x), tf.floor(y)
    x1 = tf.minimum(x0 + 1.0, tf.cast(w - 1, tf.float32))
    y1 = tf.minimum(y0 + 1.0, tf.cast(h - 1, tf.float32))
    bidx = tf.broadcast_to(tf.range(b)[:, None, None], tf.shape(gx[None] + tf.zeros([b, 1, 1], tf.int32)))

    def at(yy, xx):
        return tf.gather_nd(img, tf.stack([bidx, tf.cast(yy, tf.int32), tf.cast(xx, tf.int32)], axis=-1))
    wa, wb = ((x1 - x) * (y1 - y))[..., None], ((x1 - x) * (y - y0))[..., None]
    wc, wd = ((x - x0) * (y1 - y))[..., None], ((x - x0) * (y - y0))[..., None]
    return wa * at(y0, x0) + wb * at(y1, x0) + wc * at(y0, x1) + wd * at(y1, x1)


def _bilinear_warp_flat(img, flow, h, w):
    """backward-warp img [B,h,w,C] by flow [B,h,w,2] with static h, w: flattened pixel indices gathered with
    tf.gather(batch_dims=1), bilinear weights (the Super-SloMo / PWC-Net re-implementation style)"""
    c = img.shape[-1]
    gy, gx = np.meshgrid(np.arange(h, dtype="float32"), np.arange(w, dtype="float32"), indexing="ij")
    x = tf.clip_by_value(gx + flow[..., 0], 0.0, w - 1.0)
    y = tf.clip_by_value(gy + flow[..., 1], 0.0, h - 1.0)
    x0, y0 = tf.floor(x), tf.floor(y)
    x1, y1 = tf.minimum(x0 + 1.0, w - 1.0), tf.minimum(y0 + 1.0, h - 1.0)
    flat = tf.reshape(img, [-1, h * w, c])

    def at(yy, xx):
        idx = tf.reshape(tf.cast(yy, tf.int32) * w + tf.cast(xx, tf.int32), [-1, h * w])
        return tf.reshape(tf.gather(flat, idx, batch_dims=1), [-1, h, w, c])
    return (((x1 - x) * (y1 - y))[..., None] * at(y0, x0) + ((x1 - x) * (y - y0))[..., None] * at(y1, x0)
            + ((x - x0) * (y1 - y))[..., None] * at(y0, x1) + ((x - x0) * (y - y0))[..., None] * at(y1, x1))


def _layers():
    """custom Keras layers shared by several models (defined once Keras is imported)"""
    class InstanceNormalization3D(L.Layer):
        """per-sample, per-channel normalization over D, H, W with learned scale / offset (BraTS repos' own layer)"""
        def build(self, shape):
            self.gamma = self.add_weight(name="gamma", shape=(shape[-1],), initializer="ones")
            self.beta = self.add_weight(name="beta", shape=(shape[-1],), initializer="zeros")

        def call(self, x):
            mean, var = tf.nn.moments(x, axes=[1, 2, 3], keepdims=True)
            return (x - mean) * tf.math.rsqrt(var + 1e-5) * self.gamma + self.beta

    class BilinearWarp(L.Layer):
        """warp an image by a flow field (tf.gather batch_dims=1 bilinear sampling)"""
        def call(self, img, flow):
            return _bilinear_warp_flat(img, flow, img.shape[1], img.shape[2])

    return InstanceNormalization3D, BilinearWarp


# ================================================================================ medical volumes

@model("s49_unet3d_ct_conv3dtranspose_keras", "keras-export", "3D U-Net (Cicek et al.) for abdominal CT organ segmentation, ct_volume float [1,16,32,32,1]: Conv3D + BatchNormalization + ReLU pairs 16 / 32 / 64, MaxPooling3D(2) twice, Conv3DTranspose(2, stride 2) up-convolutions with Concatenate skips, 1x1x1 Conv3D softmax over 4 classes -> probabilities [1,16,32,32,4]; model.export with a fixed batch-1 signature")
def b_unet3d_ct(out):
    inp = keras.Input((16, 32, 32, 1), batch_size=1, name="ct_volume")
    e1 = _cbr3d(_cbr3d(inp, 16), 16)
    e2 = _cbr3d(_cbr3d(L.MaxPooling3D(2)(e1), 32), 32)
    b = _cbr3d(_cbr3d(L.MaxPooling3D(2)(e2), 64), 64)
    d2 = _cbr3d(_cbr3d(L.Concatenate()([L.Conv3DTranspose(32, 2, strides=2)(b), e2]), 32), 32)
    d1 = _cbr3d(_cbr3d(L.Concatenate()([L.Conv3DTranspose(16, 2, strides=2)(d2), e1]), 16), 16)
    _export(keras.Model(inp, L.Conv3D(4, 1, activation="softmax", name="probabilities")(d1)), out, fixed=True)


@model("s49_vnet_prelu_strided_residual_keras", "keras-export", "V-Net (Milletari et al.) for prostate MRI, mri_volume float [None,16,32,32,1]: 5x5x5 Conv3D stages with PReLU(shared_axes D,H,W) and residual adds (input tiled to the stage width by Concatenate), downsampling by 2x2x2 stride-2 Conv3D, upsampling by Conv3DTranspose stride 2 with skip concatenation, 1x1x1 Conv3D 2 channels softmax -> foreground probabilities; model.export (None batch)")
def b_vnet(out):
    def stage(x, f, n):
        y = x
        for _ in range(n):
            y = L.PReLU(shared_axes=[1, 2, 3])(L.Conv3D(f, 5, padding="same")(y))
        return L.PReLU(shared_axes=[1, 2, 3])(L.Add()([y, x]))
    inp = keras.Input((16, 32, 32, 1), name="mri_volume")
    s1 = stage(L.Concatenate()([inp] * 8), 8, 1)
    s2 = stage(L.PReLU(shared_axes=[1, 2, 3])(L.Conv3D(16, 2, strides=2)(s1)), 16, 2)
    s3 = stage(L.PReLU(shared_axes=[1, 2, 3])(L.Conv3D(32, 2, strides=2)(s2)), 32, 2)
    u2 = L.PReLU(shared_axes=[1, 2, 3])(L.Conv3DTranspose(16, 2, strides=2)(s3))
    r2 = stage(L.Concatenate()([u2, s2]), 32, 2)
    u1 = L.PReLU(shared_axes=[1, 2, 3])(L.Conv3DTranspose(8, 2, strides=2)(r2))
    r1 = stage(L.Concatenate()([u1, s1]), 16, 1)
    _export(keras.Model(inp, L.Softmax(name="foreground")(L.Conv3D(2, 1)(r1))), out)


@model("s49_unet3d_groupnorm_avgpool_upsampling3d_keras", "keras-export", "3D U-Net with GroupNormalization (4 groups, as small-batch medical training uses) for brain MRI tissue segmentation, t1_volume float [None,16,32,32,1]: Conv3D + GroupNorm + LeakyReLU, AveragePooling3D(2) down, UpSampling3D(2) + Conv3D up with Concatenate skips, 3 levels, widths 8 / 16 / 32; sigmoid over 3 tissue channels; model.export (None batch)")
def b_unet3d_gn(out):
    inp = keras.Input((16, 32, 32, 1), name="t1_volume")
    e1 = _cbr3d(_cbr3d(inp, 8, norm="gn", act="leaky_relu"), 8, norm="gn", act="leaky_relu")
    e2 = _cbr3d(L.AveragePooling3D(2)(e1), 16, norm="gn", act="leaky_relu")
    b = _cbr3d(L.AveragePooling3D(2)(e2), 32, norm="gn", act="leaky_relu")
    d2 = _cbr3d(L.Concatenate()([_cbr3d(L.UpSampling3D(2)(b), 16, norm="gn"), e2]), 16, norm="gn", act="leaky_relu")
    d1 = _cbr3d(L.Concatenate()([_cbr3d(L.UpSampling3D(2)(d2), 8, norm="gn"), e1]), 8, norm="gn", act="leaky_relu")
    _export(keras.Model(inp, L.Conv3D(3, 1, activation="sigmoid", name="tissues")(d1)), out)


@model("s49_brats_multimodal_instancenorm_deep_supervision_keras", "keras-export", "BraTS tumour sub-region segmentation (nnU-Net-like), mri_modalities float [1,16,32,32,4] (T1, T1ce, T2, FLAIR): custom InstanceNormalization3D layer (tf.nn.moments over D,H,W) + LeakyReLU after each Conv3D, stride-2 Conv3D downsampling, Conv3DTranspose up, deep supervision: sigmoid region maps (WT / TC / ET) at full and half resolution, the half one UpSampling3D'd; model.export fixed batch 1")
def b_brats(out):
    InstanceNorm, _ = _layers()

    def cin(x, f, s=1):
        return L.LeakyReLU(0.01)(InstanceNorm()(L.Conv3D(f, 3, strides=s, padding="same", use_bias=False)(x)))
    inp = keras.Input((16, 32, 32, 4), batch_size=1, name="mri_modalities")
    e1 = cin(cin(inp, 8), 8)
    e2 = cin(cin(e1, 16, 2), 16)
    b = cin(cin(e2, 32, 2), 32)
    d2 = cin(L.Concatenate()([L.Conv3DTranspose(16, 2, strides=2)(b), e2]), 16)
    d1 = cin(L.Concatenate()([L.Conv3DTranspose(8, 2, strides=2)(d2), e1]), 8)
    aux = L.UpSampling3D(2, name="aux_upsample")(L.Conv3D(3, 1, activation="sigmoid")(d2))
    _export(keras.Model(inp, {"regions": L.Conv3D(3, 1, activation="sigmoid", name="regions")(d1),
                              "regions_aux": aux}), out, fixed=True)


@model("s49_attention_unet3d_raw_conv3d_module", "tf-module", "Attention U-Net 3D (Oktay et al.) for pancreas CT written with raw tf.Variables and tf.nn.conv3d: ct float [None,16,32,32,1]; instance norm by tf.nn.moments, max_pool3d down, nearest upsampling by tf.repeat along D / H / W, additive attention gates (1x1x1 convs, relu, sigmoid psi) on the skips; signatures serving_default -> probabilities [None,16,32,32,2] and logits -> logits")
def b_att_unet(out):
    shapes = {"e1": (3, 3, 3, 1, 8), "e2": (3, 3, 3, 8, 16), "b": (3, 3, 3, 16, 32), "d2": (3, 3, 3, 48, 16),
              "d1": (3, 3, 3, 24, 8), "ag2_x": (1, 1, 1, 16, 8), "ag2_g": (1, 1, 1, 32, 8), "ag2_psi": (1, 1, 1, 8, 1),
              "ag1_x": (1, 1, 1, 8, 4), "ag1_g": (1, 1, 1, 16, 4), "ag1_psi": (1, 1, 1, 4, 1), "head": (1, 1, 1, 8, 2)}
    w = {k: _kvar(s, i, name=k) for i, (k, s) in enumerate(shapes.items())}

    def conv(x, k):
        return tf.nn.conv3d(x, w[k], [1, 1, 1, 1, 1], "SAME")

    def block(x, k):
        y = conv(x, k)
        m, v = tf.nn.moments(y, axes=[1, 2, 3], keepdims=True)
        return tf.nn.relu((y - m) * tf.math.rsqrt(v + 1e-5))

    def up(x):
        return tf.repeat(tf.repeat(tf.repeat(x, 2, axis=1), 2, axis=2), 2, axis=3)

    def gate(x, g, k):
        psi = tf.sigmoid(conv(tf.nn.relu(conv(x, k + "_x") + up(conv(g, k + "_g"))), k + "_psi"))
        return x * psi

    def net(ct):
        e1 = block(ct, "e1")
        e2 = block(tf.nn.max_pool3d(e1, 2, 2, "VALID"), "e2")
        b = block(tf.nn.max_pool3d(e2, 2, 2, "VALID"), "b")
        d2 = block(tf.concat([up(b), gate(e2, b, "ag2")], -1), "d2")
        d1 = block(tf.concat([up(d2), gate(e1, d2, "ag1")], -1), "d1")
        return conv(d1, "head")
    spec = [tensor_spec([None, 16, 32, 32, 1], name="ct")]

    @tf.function(input_signature=spec)
    def serve(ct):
        return {"probabilities": tf.nn.softmax(net(ct))}

    @tf.function(input_signature=spec)
    def logits(ct):
        return {"logits": net(ct)}
    _save(out, {"weights": list(w.values())}, serving_default=serve, logits=logits)


@model("s49_ct_hu_window_int16_nodule_classifier_module", "tf-module", "lung nodule malignancy classifier on raw CT patches, hu_patch int16 [None,16,32,32] Hounsfield units: cast to float, lung window by tf.clip_by_value(-1000, 400) and rescale to [0,1], expand_dims channel; Keras 3D CNN (Conv3D 16 / 32 / 64 + BatchNormalization, MaxPooling3D, GlobalAveragePooling3D, Dropout, Dense) inside a tf.Module; signatures serving_default -> malignancy probability [None,1] and embed -> embedding [None,64]")
def b_hu(out):
    inp = keras.Input((16, 32, 32, 1))
    x = inp
    for f in (16, 32, 64):
        x = L.MaxPooling3D(2)(_cbr3d(x, f))
    emb = L.Dense(64, activation="relu")(L.GlobalAveragePooling3D()(x))
    net = keras.Model(inp, [emb, L.Dense(1, activation="sigmoid")(L.Dropout(0.3)(emb))])
    spec = [tensor_spec([None, 16, 32, 32], "int16", "hu_patch")]

    def window(hu):
        v = tf.clip_by_value(tf.cast(hu, tf.float32), -1000.0, 400.0)
        return ((v + 1000.0) / 1400.0)[..., None]

    @tf.function(input_signature=spec)
    def serve(hu_patch):
        return {"malignancy": net(window(hu_patch), training=False)[1]}

    @tf.function(input_signature=spec)
    def embed(hu_patch):
        return {"embedding": net(window(hu_patch), training=False)[0]}
    _save(out, {"net": net}, serving_default=serve, embed=embed)


FEEDS["s49_ct_hu_window_int16_nodule_classifier_module"] = {"hu_patch": (-1024, 1500)}


@model("s49_sliding_window_extract_volume_patches_module", "tf-module", "sliding-window inference over a whole scan as MONAI-style pipelines do it in the graph: volume float [1,32,48,48,1] split by tf.extract_volume_patches (16^3 windows, stride 16) into [18,16,16,16,1] via reshape, a Keras 3D CNN lesion scorer (Conv3D 8 / 16, MaxPooling3D, GlobalAveragePooling3D, Dense sigmoid) run on all windows as a batch; outputs window_scores [1,2,3,3] and the scan-level max score")
def b_sliding(out):
    inp = keras.Input((16, 16, 16, 1))
    x = L.MaxPooling3D(2)(_cbr3d(inp, 8, norm=None))
    x = L.GlobalAveragePooling3D()(_cbr3d(x, 16, norm=None))
    net = keras.Model(inp, L.Dense(1, activation="sigmoid")(x))

    @tf.function(input_signature=[tensor_spec([1, 32, 48, 48, 1], name="volume")])
    def serve(volume):
        p = tf.extract_volume_patches(volume, [1, 16, 16, 16, 1], [1, 16, 16, 16, 1], "VALID")
        windows = tf.reshape(p, [-1, 16, 16, 16, 1])
        scores = tf.reshape(net(windows, training=False), [1, 2, 3, 3])
        return {"window_scores": scores, "scan_score": tf.reduce_max(scores, axis=[1, 2, 3])}
    _save(out, {"net": net}, serving_default=serve)


@model("s49_cine_mri_timedistributed_unet_convlstm_keras", "keras-export", "cardiac cine-MRI segmentation over a cardiac cycle, cine float [1,8,32,32,1]: TimeDistributed 2D U-Net encoder (Conv2D + MaxPooling2D), ConvLSTM2D(32, return_sequences) bottleneck across frames, TimeDistributed UpSampling2D + Conv2D decoder with Concatenate skips, per-frame softmax over 4 classes (background, LV, myocardium, RV) -> masks [1,8,32,32,4]; model.export fixed batch 1")
def b_cine(out):
    TD = L.TimeDistributed
    inp = keras.Input((8, 32, 32, 1), batch_size=1, name="cine")
    e1 = TD(L.Conv2D(8, 3, padding="same", activation="relu"))(inp)
    e2 = TD(L.Conv2D(16, 3, padding="same", activation="relu"))(TD(L.MaxPooling2D())(e1))
    b = L.ConvLSTM2D(32, 3, padding="same", return_sequences=True)(TD(L.MaxPooling2D())(e2))
    d2 = TD(L.Conv2D(16, 3, padding="same", activation="relu"))(L.Concatenate()([TD(L.UpSampling2D())(b), e2]))
    d1 = TD(L.Conv2D(8, 3, padding="same", activation="relu"))(L.Concatenate()([TD(L.UpSampling2D())(d2), e1]))
    _export(keras.Model(inp, TD(L.Conv2D(4, 1, activation="softmax"), name="masks")(d1)), out, fixed=True)


@model("s49_echonet_ef_regression_none_time_keras", "keras-export", "EchoNet-Dynamic-like ejection fraction regressor on echocardiogram clips of any length, echo_clip float [None,None,32,32,1] (batch and time None): Conv3D 3x3x3 + BatchNormalization blocks with spatial-only MaxPooling3D (1,2,2) so the time axis stays free, GlobalAveragePooling3D, Dense 32, sigmoid * 100 -> ejection_fraction [None,1]; model.export")
def b_echonet(out):
    inp = keras.Input((None, 32, 32, 1), name="echo_clip")
    x = inp
    for f in (8, 16, 32):
        x = L.MaxPooling3D((1, 2, 2))(_cbr3d(x, f))
    x = L.Dense(32, activation="relu")(L.GlobalAveragePooling3D()(x))
    ef = L.Rescaling(100.0, name="ejection_fraction")(L.Dense(1, activation="sigmoid")(x))
    _export(keras.Model(inp, ef), out)


FEEDS["s49_echonet_ef_regression_none_time_keras"] = lambda rng: {"echo_clip": rng.random((1, 10, 32, 32, 1))}


@model("s49_sscnet_uint8_voxels_dilated_conv3d_keras", "keras-export", "SSCNet-lite semantic scene completion from a depth-derived occupancy grid, voxels uint8 [1,16,32,32] (0 / 1): Rescaling cast in the graph, Reshape to a channel, Conv3D stride 2, dilated Conv3D (dilation 2) residual blocks, Conv3DTranspose back to full size, softmax over 6 classes and an argmax label map cast to uint8; model.export fixed batch 1")
def b_sscnet(out):
    inp = keras.Input((16, 32, 32), batch_size=1, dtype="uint8", name="voxels")
    x = L.Reshape((16, 32, 32, 1))(L.Rescaling(1.0, dtype="float32")(inp))
    x = _cbr3d(x, 16, s=2, norm=None)
    for d in (1, 2, 2):
        y = L.Conv3D(16, 3, padding="same", dilation_rate=d, activation="relu")(x)
        x = L.Add()([x, L.Conv3D(16, 3, padding="same", dilation_rate=d)(y)])
    x = L.Conv3DTranspose(16, 4, strides=2, padding="same", activation="relu")(x)
    probs = L.Conv3D(6, 1, activation="softmax", name="class_probs")(x)
    labels = L.Lambda(lambda p: tf.cast(tf.argmax(p, axis=-1), tf.uint8), output_shape=(16, 32, 32), name="labels")(probs)
    _export(keras.Model(inp, {"class_probs": probs, "labels": labels}), out, fixed=True)


FEEDS["s49_sscnet_uint8_voxels_dilated_conv3d_keras"] = {"voxels": (0, 2)}


@model("s49_tf1_nodule_3dcnn_frozen", "frozen-pb", "TF1 graph-mode lung nodule detector patch classifier (tf.compat.v1 placeholder, get_variable kernels, inference batch norm from moving_mean / moving_variance variables), frozen with graph_util.convert_variables_to_constants: patch float [1,16,32,32,1]; tf.nn.conv3d + relu, tf.nn.max_pool3d, 3 stages 16 / 32 / 64, reduce_mean over D,H,W, dense 2 -> softmax probabilities")
def b_tf1_nodule(out):
    def build():
        v1 = tf.compat.v1
        x = v1.placeholder(tf.float32, [1, 16, 32, 32, 1], name="patch")
        for i, f in enumerate((16, 32, 64)):
            x = tf.nn.max_pool3d(_v1_conv(x, f"conv{i}", f, bn=True), [1, 2, 2, 2, 1], [1, 2, 2, 2, 1], "SAME")
        logits = _v1_dense(tf.reduce_mean(x, axis=[1, 2, 3]), "fc", 2)
        return [tf.nn.softmax(logits, name="probabilities")]
    _v1_freeze(out, build)


OUTPUTS["s49_tf1_nodule_3dcnn_frozen"] = ["probabilities"]


@model("s49_tf1_vnet_conv3d_transpose_frozen", "frozen-pb", "TF1-era V-Net port (tf.compat.v1 get_variable, tf.nn.conv3d with stride-2 downsampling, tf.nn.conv3d_transpose with explicit output_shape [1,8,16,16,16] and [1,16,32,32,8], residual adds) frozen with graph_util.convert_variables_to_constants: volume float [1,16,32,32,1] -> softmax segmentation [1,16,32,32,2] and a binary mask by argmax")
def b_tf1_vnet(out):
    def build():
        v1 = tf.compat.v1

        def deconv(x, name, cout, shape):
            with v1.variable_scope(name):
                w = v1.get_variable("kernel", [2, 2, 2, cout, int(x.shape[-1])], initializer=v1.glorot_uniform_initializer())
                return tf.nn.relu(tf.nn.conv3d_transpose(x, w, shape, [1, 2, 2, 2, 1], "SAME"))
        vol = v1.placeholder(tf.float32, [1, 16, 32, 32, 1], name="volume")
        s1 = _v1_conv(vol, "stage1", 8) + tf.tile(vol, [1, 1, 1, 1, 8])
        s2 = _v1_conv(_v1_conv(s1, "down1", 16, k=2, s=2), "stage2", 16)
        s3 = _v1_conv(_v1_conv(s2, "down2", 32, k=2, s=2), "stage3", 32)
        u2 = deconv(s3, "up2", 16, [1, 8, 16, 16, 16])
        r2 = _v1_conv(tf.concat([u2, s2], -1), "stage2_up", 16) + u2
        u1 = deconv(r2, "up1", 8, [1, 16, 32, 32, 8])
        r1 = _v1_conv(tf.concat([u1, s1], -1), "stage1_up", 8) + u1
        probs = tf.nn.softmax(_v1_conv(r1, "head", 2, k=1, act=None), name="segmentation")
        return [probs, tf.identity(tf.argmax(probs, axis=-1), name="mask")]
    _v1_freeze(out, build)


OUTPUTS["s49_tf1_vnet_conv3d_transpose_frozen"] = ["segmentation", "mask"]


# ================================================================================ action recognition

@model("s49_c3d_clip_classifier_keras", "keras-export", "C3D (Tran et al.) action recognizer, shrunk: clip float [1,8,32,32,3]; Conv3D 3x3x3 16 / 32 / 64 / 64 with MaxPooling3D (1,2,2) first then (2,2,2), Flatten, Dense 128 + Dropout, Dense 10 softmax; model.export fixed batch 1")
def b_c3d(out):
    inp = keras.Input((8, 32, 32, 3), batch_size=1, name="clip")
    x = L.MaxPooling3D((1, 2, 2))(L.Conv3D(16, 3, padding="same", activation="relu")(inp))
    x = L.MaxPooling3D(2)(L.Conv3D(32, 3, padding="same", activation="relu")(x))
    x = L.Conv3D(64, 3, padding="same", activation="relu")(x)
    x = L.MaxPooling3D(2)(L.Conv3D(64, 3, padding="same", activation="relu")(x))
    x = L.Dropout(0.5)(L.Dense(128, activation="relu")(L.Flatten()(x)))
    _export(keras.Model(inp, L.Dense(10, activation="softmax", name="actions")(x)), out, fixed=True)


@model("s49_i3d_lite_inception3d_keras", "keras-export", "I3D-lite (inflated Inception) on RGB clips, clip float [None,8,32,32,3]: 7x7x7 stride-2 stem Conv3D + BatchNorm, MaxPooling3D (1,3,3) stride (1,2,2), two Inception3D blocks (1x1x1 / 1x1x1->3x3x3 / 1x1x1->3x3x3 / MaxPooling3D 3x3x3 + 1x1x1 branches Concatenate), AveragePooling3D, 1x1x1 Conv3D logits averaged over time -> logits [None,12]; model.export (None batch)")
def b_i3d(out):
    def inception(x, c1, c3r, c3, c5r, c5, cp):
        b0 = _cbr3d(x, c1, 1)
        b1 = _cbr3d(_cbr3d(x, c3r, 1), c3)
        b2 = _cbr3d(_cbr3d(x, c5r, 1), c5)
        b3 = _cbr3d(L.MaxPooling3D(3, strides=1, padding="same")(x), cp, 1)
        return L.Concatenate()([b0, b1, b2, b3])
    inp = keras.Input((8, 32, 32, 3), name="clip")
    x = _cbr3d(inp, 16, k=7, s=2)
    x = L.MaxPooling3D((1, 3, 3), strides=(1, 2, 2), padding="same")(x)
    x = inception(x, 8, 8, 16, 4, 8, 8)
    x = inception(L.MaxPooling3D(3, strides=2, padding="same")(x), 16, 8, 16, 4, 8, 8)
    x = L.AveragePooling3D((1, 2, 2))(x)
    x = L.Conv3D(12, 1)(x)
    logits = L.Lambda(lambda t: tf.reduce_mean(t, axis=[1, 2, 3]), output_shape=(12,), name="logits")(x)
    _export(keras.Model(inp, logits), out)


@model("s49_r2plus1d_factorized_resnet_keras", "keras-export", "R(2+1)D-lite (Tran et al. 2018) clip classifier, clip float [1,8,32,32,3]: every 3x3x3 conv factorised into a spatial (1,3,3) Conv3D and a temporal (3,1,1) Conv3D with BatchNorm + ReLU between, residual blocks with a strided 1x1x1 projection shortcut, GlobalAveragePooling3D, Dense 16 softmax; model.export fixed batch 1")
def b_r21d(out):
    def conv21(x, f, s=1):
        x = _cbr3d(x, f, k=(1, 3, 3), s=(1, s, s))
        return L.BatchNormalization()(L.Conv3D(f, (3, 1, 1), strides=(s, 1, 1), padding="same", use_bias=False)(x))

    def block(x, f, s):
        y = conv21(L.ReLU()(conv21(x, f, s)), f)
        sc = x if s == 1 and x.shape[-1] == f else L.BatchNormalization()(L.Conv3D(f, 1, strides=s, use_bias=False)(x))
        return L.ReLU()(L.Add()([y, sc]))
    inp = keras.Input((8, 32, 32, 3), batch_size=1, name="clip")
    x = L.ReLU()(conv21(inp, 16))
    x = block(block(x, 16, 1), 32, 2)
    x = block(x, 64, 2)
    _export(keras.Model(inp, L.Dense(16, activation="softmax", name="probs")(L.GlobalAveragePooling3D()(x))), out, fixed=True)


@model("s49_r3d_resnet_frozen_v2", "frozen-pb", "3D ResNet-10-lite (Hara et al. 3D-ResNets) Kinetics-style classifier as a Keras model called in a tf.function and frozen with convert_variables_to_constants_v2: clip float [1,16,32,32,3]; 3x7x7 stem stride (1,2,2), MaxPooling3D, basic 3x3x3 residual blocks 16 / 32 / 64 with stride-2 downsampling projections, GlobalAveragePooling3D, Dense 8 -> softmax")
def b_r3d(out):
    def block(x, f, s):
        y = _cbr3d(_cbr3d(x, f, s=s), f, act=None)
        sc = x if s == 1 else _cbr3d(x, f, k=1, s=s, act=None)
        return L.ReLU()(L.Add()([y, sc]))
    inp = keras.Input((16, 32, 32, 3))
    x = L.MaxPooling3D(3, strides=2, padding="same")(_cbr3d(inp, 16, k=(3, 7, 7), s=(1, 2, 2)))
    x = block(block(block(x, 16, 1), 32, 2), 64, 2)
    net = keras.Model(inp, L.Dense(8)(L.GlobalAveragePooling3D()(x)))
    _freeze(lambda clip: tf.nn.softmax(net(clip, training=False)), [tensor_spec([1, 16, 32, 32, 3], name="clip")], out)


@model("s49_slowfast_lite_lateral_module", "tf-module", "SlowFast-lite (Feichtenhofer et al.) in a tf.Module over Keras layers: clip float [1,16,32,32,3]; slow pathway on every 4th frame (strided slice clip[:, ::4]) with wide (1,3,3) convs, fast pathway on all 16 frames with narrow 3x3x3 convs, lateral connection by a time-strided (5,1,1) stride-4 Conv3D from fast to slow concatenated in, both pooled (GlobalAveragePooling3D) and concatenated; signatures serving_default -> probabilities [1,10] and features -> slow / fast embeddings")
def b_slowfast(out):
    slow_in, fast_in = keras.Input((4, 32, 32, 3)), keras.Input((16, 32, 32, 3))
    f1 = L.MaxPooling3D((1, 2, 2))(_cbr3d(fast_in, 4, k=(5, 3, 3)))
    lateral = L.Conv3D(8, (5, 1, 1), strides=(4, 1, 1), padding="same")(f1)
    s1 = L.MaxPooling3D((1, 2, 2))(_cbr3d(slow_in, 32, k=(1, 3, 3)))
    s2 = _cbr3d(L.Concatenate()([s1, lateral]), 64, k=(1, 3, 3), s=(1, 2, 2))
    f2 = _cbr3d(f1, 8, s=(1, 2, 2))
    slow_emb, fast_emb = L.GlobalAveragePooling3D()(s2), L.GlobalAveragePooling3D()(f2)
    backbone = keras.Model([slow_in, fast_in], [slow_emb, fast_emb])
    head = keras.Sequential([keras.Input((72,)), L.Dropout(0.5), L.Dense(10)])
    spec = [tensor_spec([1, 16, 32, 32, 3], name="clip")]

    def run(clip):
        return backbone([clip[:, ::4], clip], training=False)

    @tf.function(input_signature=spec)
    def serve(clip):
        s, f = run(clip)
        return {"probabilities": tf.nn.softmax(head(tf.concat([s, f], -1), training=False))}

    @tf.function(input_signature=spec)
    def features(clip):
        s, f = run(clip)
        return {"slow_embedding": s, "fast_embedding": f}
    _save(out, {"backbone": backbone, "head": head}, serving_default=serve, features=features)


@model("s49_tsm_temporal_shift_roll_keras", "keras-export", "TSM (Lin et al.) action recognizer on a 2D backbone, clip float [1,8,32,32,3]: Reshape to (batch*time) frames inside a Lambda, residual blocks whose first conv sees a temporal shift (a Lambda reshaping to [B,8,H,W,C] and tf.roll'ing 1/8 of the channels forward and 1/8 backward along time, then back), Conv2D + BatchNorm, GlobalAveragePooling2D per frame, consensus by averaging over the 8 frames -> Dense 10 logits; model.export fixed batch 1")
def b_tsm_roll(out):
    T = 8

    def shift(x):
        c = x.shape[-1]
        f = c // 8
        v = tf.reshape(x, [-1, T, x.shape[1], x.shape[2], c])
        v = tf.concat([tf.roll(v[..., :f], 1, axis=1), tf.roll(v[..., f:2 * f], -1, axis=1), v[..., 2 * f:]], axis=-1)
        return tf.reshape(v, tf.shape(x))

    def block(x, f, s):
        y = L.Lambda(shift, output_shape=x.shape[1:])(x)
        y = L.ReLU()(L.BatchNormalization()(L.Conv2D(f, 3, strides=s, padding="same", use_bias=False)(y)))
        y = L.BatchNormalization()(L.Conv2D(f, 3, padding="same", use_bias=False)(y))
        sc = x if s == 1 and x.shape[-1] == f else L.Conv2D(f, 1, strides=s)(x)
        return L.ReLU()(L.Add()([y, sc]))
    inp = keras.Input((T, 32, 32, 3), batch_size=1, name="clip")
    x = L.Lambda(lambda t: tf.reshape(t, [-1, 32, 32, 3]), output_shape=(32, 32, 3))(inp)
    x = L.ReLU()(L.Conv2D(16, 3, strides=2, padding="same")(x))
    x = block(block(x, 16, 1), 32, 2)
    x = L.Dense(10)(L.GlobalAveragePooling2D()(x))
    logits = L.Lambda(lambda t: tf.reduce_mean(tf.reshape(t, [-1, T, 10]), axis=1), output_shape=(10,), name="logits")(x)
    _export(keras.Model(inp, logits), out, fixed=True)


@model("s49_tsm_shift_slice_concat_frozen_v2", "frozen-pb", "TSM online-style temporal shift written the way the reference code does it (slice the time axis and concatenate with zeros, no wrap-around) in a TF2 function over a Keras 2D MobileNet-ish backbone (Conv2D / DepthwiseConv2D / BatchNorm / ReLU6) applied to a (batch*time) reshape, frozen with convert_variables_to_constants_v2: frames float [1,8,32,32,3] -> per-clip softmax [1,6] after temporal averaging")
def b_tsm_frozen(out):
    T = 8

    def dw_block(f, s):
        return [L.DepthwiseConv2D(3, strides=s, padding="same", use_bias=False), L.BatchNormalization(), L.ReLU(6.0),
                L.Conv2D(f, 1, use_bias=False), L.BatchNormalization(), L.ReLU(6.0)]
    stem = keras.Sequential([keras.Input((32, 32, 3)), L.Conv2D(16, 3, strides=2, padding="same"), L.ReLU(6.0)])
    stage1 = keras.Sequential([keras.Input((16, 16, 16))] + dw_block(24, 2))
    stage2 = keras.Sequential([keras.Input((8, 8, 24))] + dw_block(32, 2) + [L.GlobalAveragePooling2D(), L.Dense(6)])

    def shift(x):
        c = x.shape[-1]
        f = c // 4
        v = tf.reshape(x, [-1, T] + x.shape[1:].as_list())
        zero = tf.zeros_like(v[:, :1, ..., :f])
        fwd = tf.concat([zero, v[:, :-1, ..., :f]], axis=1)
        bwd = tf.concat([v[:, 1:, ..., f:2 * f], zero], axis=1)
        return tf.reshape(tf.concat([fwd, bwd, v[..., 2 * f:]], axis=-1), tf.shape(x))

    def fn(frames):
        x = tf.reshape(frames, [-1, 32, 32, 3])
        x = stage1(shift(stem(x, training=False)), training=False)
        logits = stage2(shift(x), training=False)
        return tf.nn.softmax(tf.reduce_mean(tf.reshape(logits, [-1, T, 6]), axis=1))
    _freeze(fn, [tensor_spec([1, T, 32, 32, 3], name="frames")], out)


@model("s49_timedistributed_cnn_lstm_none_time_keras", "keras-export", "CNN-LSTM video classifier (the tutorial pattern): frames float [None,None,32,32,3] with batch and time None; TimeDistributed(Conv2D 16 / 32 + MaxPooling2D + GlobalAveragePooling2D) per frame, Masking-free LSTM(32) over the frame features, Dense 5 softmax; model.export")
def b_cnn_lstm(out):
    TD = L.TimeDistributed
    inp = keras.Input((None, 32, 32, 3), name="frames")
    x = TD(L.MaxPooling2D())(TD(L.Conv2D(16, 3, padding="same", activation="relu"))(inp))
    x = TD(L.GlobalAveragePooling2D())(TD(L.Conv2D(32, 3, padding="same", activation="relu"))(x))
    _export(keras.Model(inp, L.Dense(5, activation="softmax", name="activity")(L.LSTM(32)(x))), out)


FEEDS["s49_timedistributed_cnn_lstm_none_time_keras"] = lambda rng: {"frames": rng.random((2, 6, 32, 32, 3))}


@model("s49_frame_backbone_reshape_bt_gru_module", "tf-module", "gesture recognizer keeping the (batch*time) reshape in the serving function: frames float [None,8,32,32,3]; tf.reshape to [-1,32,32,3], Keras per-frame backbone (Conv2D, DepthwiseConv2D + BatchNorm + ReLU, GlobalAveragePooling2D), tf.reshape back to [B,8,32] using tf.shape, Keras GRU(32) and Dense 7; signatures serving_default -> gesture probabilities and frame_embeddings -> [None,8,32]")
def b_bt_gru(out):
    backbone = keras.Sequential([keras.Input((32, 32, 3)), L.Conv2D(16, 3, strides=2, padding="same", activation="relu"),
                                 L.DepthwiseConv2D(3, padding="same", use_bias=False), L.BatchNormalization(), L.ReLU(),
                                 L.Conv2D(32, 1, activation="relu"), L.GlobalAveragePooling2D()])
    temporal = keras.Sequential([keras.Input((8, 32)), L.GRU(32), L.Dense(7)])
    spec = [tensor_spec([None, 8, 32, 32, 3], name="frames")]

    def embed(frames):
        b = tf.shape(frames)[0]
        return tf.reshape(backbone(tf.reshape(frames, [-1, 32, 32, 3]), training=False), [b, 8, 32])

    @tf.function(input_signature=spec)
    def serve(frames):
        return {"gesture": tf.nn.softmax(temporal(embed(frames), training=False))}

    @tf.function(input_signature=spec)
    def frame_embeddings(frames):
        return {"frame_embeddings": embed(frames)}
    _save(out, {"backbone": backbone, "temporal": temporal}, serving_default=serve, frame_embeddings=frame_embeddings)


@model("s49_x3d_lite_uint8_preprocess_grouped_conv3d_module", "tf-module", "X3D-lite (Feichtenhofer 2020) with the preprocessing shipped in the graph: raw_clip uint8 [1,8,48,48,3]; cast, /255, per-channel Kinetics mean / std normalization, per-frame tf.image.resize to 40x40 (reshape to frames and back), centre crop 32x32 by slicing; Keras X3D bottleneck blocks with channel-wise Conv3D (groups = channels) 3x3x3, squeeze-excitation (GlobalAveragePooling3D, Dense, sigmoid, Multiply), swish; signature serving_default -> probabilities [1,10], top_class int64")
def b_x3d(out):
    def x3d_block(x, f, e, s):
        y = _cbr3d(x, e, k=1)
        y = _cbr3d(L.Conv3D(e, 3, strides=(1, s, s), padding="same", groups=e, use_bias=False)(y), e, k=1, act=None)
        se = L.Dense(e, activation="sigmoid")(L.Dense(e // 4, activation="relu")(L.GlobalAveragePooling3D()(y)))
        y = L.Activation("swish")(L.Multiply()([y, L.Reshape((1, 1, 1, e))(se)]))
        y = L.BatchNormalization()(L.Conv3D(f, 1, use_bias=False)(y))
        sc = x if s == 1 and x.shape[-1] == f else L.Conv3D(f, 1, strides=(1, s, s))(x)
        return L.ReLU()(L.Add()([y, sc]))
    inp = keras.Input((8, 32, 32, 3))
    x = _cbr3d(_cbr3d(inp, 12, k=(1, 3, 3), s=(1, 2, 2), act=None), 12, k=(5, 1, 1))
    x = x3d_block(x3d_block(x, 12, 24, 2), 24, 48, 2)
    x = _cbr3d(x, 64, k=1)
    net = keras.Model(inp, L.Dense(10)(L.Dropout(0.5)(L.GlobalAveragePooling3D()(x))))
    mean, std = tf.constant([0.45, 0.45, 0.45]), tf.constant([0.225, 0.225, 0.225])

    @tf.function(input_signature=[tensor_spec([1, 8, 48, 48, 3], "uint8", "raw_clip")])
    def serve(raw_clip):
        x = (tf.cast(raw_clip, tf.float32) / 255.0 - mean) / std
        frames = tf.image.resize(tf.reshape(x, [-1, 48, 48, 3]), [40, 40])
        clip = tf.reshape(frames[:, 4:36, 4:36, :], [1, 8, 32, 32, 3])
        probs = tf.nn.softmax(net(clip, training=False))
        return {"probabilities": probs, "top_class": tf.argmax(probs, axis=-1)}
    _save(out, {"net": net}, serving_default=serve)


@model("s49_two_stream_frame_difference_keras", "keras-export", "two-stream action recognizer with a cheap motion stream: clip float [None,8,32,32,3]; Lambda frame differences clip[:,1:] - clip[:,:-1] -> [None,7,32,32,3] into a Conv3D + MaxPooling3D motion stream, the centre frame (Lambda clip[:,4]) into a Conv2D appearance stream, GlobalAveragePooling of each, late fusion Concatenate + Dense 8 softmax; model.export (None batch)")
def b_two_stream(out):
    inp = keras.Input((8, 32, 32, 3), name="clip")
    diff = L.Lambda(lambda t: t[:, 1:] - t[:, :-1], output_shape=(7, 32, 32, 3), name="frame_diff")(inp)
    m = L.MaxPooling3D((1, 2, 2))(_cbr3d(diff, 16, norm=None))
    m = L.GlobalAveragePooling3D()(_cbr3d(m, 32, s=(2, 2, 2), norm=None))
    centre = L.Lambda(lambda t: t[:, 4], output_shape=(32, 32, 3), name="centre_frame")(inp)
    a = L.MaxPooling2D()(L.Conv2D(16, 3, padding="same", activation="relu")(centre))
    a = L.GlobalAveragePooling2D()(L.Conv2D(32, 3, padding="same", activation="relu")(a))
    _export(keras.Model(inp, L.Dense(8, activation="softmax", name="actions")(L.Concatenate()([m, a]))), out)


@model("s49_topk_string_labels_action_module", "tf-module", "action classifier service returning label strings: clip float [1,8,32,32,3] into a Keras C3D-lite (Conv3D 16 / 32, MaxPooling3D, GlobalAveragePooling3D, Dense 6); tf.math.top_k(3) and tf.gather of a constant string label table -> top_labels string [1,3], top_scores [1,3]; second signature labels (no inputs) -> the label vocabulary")
def b_labels(out):
    names = ["walking", "running", "jumping", "waving", "falling", "sitting"]
    inp = keras.Input((8, 32, 32, 3))
    x = L.MaxPooling3D(2)(L.Conv3D(16, 3, padding="same", activation="relu")(inp))
    x = L.GlobalAveragePooling3D()(L.Conv3D(32, 3, padding="same", activation="relu")(x))
    net = keras.Model(inp, L.Dense(6)(x))
    vocab = tf.constant(names)

    @tf.function(input_signature=[tensor_spec([1, 8, 32, 32, 3], name="clip")])
    def serve(clip):
        scores, idx = tf.math.top_k(tf.nn.softmax(net(clip, training=False)), k=3)
        return {"top_labels": tf.gather(vocab, idx), "top_scores": scores}

    @tf.function(input_signature=[])
    def labels():
        return {"labels": vocab}
    _save(out, {"net": net}, serving_default=serve, labels=labels)


@model("s49_temporal_attention_pool_lengths_keras", "keras-export", "video event classifier for variable-length clips padded to 8 frames: clip float [None,8,32,32,3] and lengths int32 [None]; TimeDistributed Conv2D encoder to 32-d frame features, a Lambda tf.sequence_mask(lengths, 8) turned into a [B,8,8] attention mask, MultiHeadAttention(2 heads) self-attention with LayerNormalization, masked mean pooling over valid frames (Lambda), Dense 4 softmax; model.export (None batch)")
def b_tatt(out):
    TD = L.TimeDistributed
    clip = keras.Input((8, 32, 32, 3), name="clip")
    lengths = keras.Input((), dtype="int32", name="lengths")
    x = TD(L.Conv2D(16, 3, strides=2, padding="same", activation="relu"))(clip)
    x = TD(L.GlobalAveragePooling2D())(TD(L.Conv2D(32, 3, strides=2, padding="same", activation="relu"))(x))
    mask = L.Lambda(lambda n: tf.cast(tf.sequence_mask(n, 8), tf.float32), output_shape=(8,))(lengths)
    att_mask = L.Lambda(lambda m: tf.cast(m[:, :, None] * m[:, None, :], tf.bool), output_shape=(8, 8))(mask)
    x = L.LayerNormalization()(L.Add()([x, L.MultiHeadAttention(2, 16)(x, x, attention_mask=att_mask)]))
    pooled = L.Lambda(lambda t: tf.reduce_sum(t[0] * t[1][..., None], 1) / tf.maximum(tf.reduce_sum(t[1], 1, keepdims=True), 1.0),
                      output_shape=(32,))([x, mask])
    _export(keras.Model([clip, lengths], L.Dense(4, activation="softmax", name="events")(pooled)), out)


FEEDS["s49_temporal_attention_pool_lengths_keras"] = {"lengths": (2, 9)}


@model("s49_tf1_c3d_keep_prob_frozen", "frozen-pb", "TF1 C3D clip classifier as the 2016-era repos wrote it (tf.compat.v1 placeholder clip float [1,8,32,32,3], get_variable conv3d kernels in variable_scopes, tf.nn.max_pool3d, fc layers with tf.nn.dropout on a keep_prob placeholder_with_default(1.0)), frozen with graph_util.convert_variables_to_constants -> softmax [1,10] and argmax prediction")
def b_tf1_c3d(out):
    def build():
        v1 = tf.compat.v1
        clip = v1.placeholder(tf.float32, [1, 8, 32, 32, 3], name="clip")
        keep = v1.placeholder_with_default(1.0, [], name="keep_prob")
        x = tf.nn.max_pool3d(_v1_conv(clip, "conv1", 16), [1, 1, 2, 2, 1], [1, 1, 2, 2, 1], "SAME")
        x = tf.nn.max_pool3d(_v1_conv(x, "conv2", 32), [1, 2, 2, 2, 1], [1, 2, 2, 2, 1], "SAME")
        x = tf.nn.max_pool3d(_v1_conv(x, "conv3", 64), [1, 2, 2, 2, 1], [1, 2, 2, 2, 1], "SAME")
        x = tf.reshape(x, [1, -1])
        x = tf.nn.dropout(_v1_dense(x, "fc6", 128, tf.nn.relu), rate=1.0 - keep)
        probs = tf.nn.softmax(_v1_dense(x, "fc8", 10), name="softmax")
        return [probs, tf.identity(tf.argmax(probs, axis=-1), name="prediction")]
    _v1_freeze(out, build)


OUTPUTS["s49_tf1_c3d_keep_prob_frozen"] = ["softmax", "prediction"]


# ================================================================================ precipitation nowcasting

@model("s49_convlstm2d_nowcast_keras", "keras-export", "radar precipitation nowcaster in the Keras ConvLSTM2D style (Shi et al.): radar float [1,6,32,32,1] past frames; ConvLSTM2D 16 / 16 with return_sequences + BatchNormalization, a final ConvLSTM2D 16, Conv3D (3,3,3) sigmoid head over the sequence -> next 6 frames rain rate [1,6,32,32,1]; model.export fixed batch 1")
def b_convlstm(out):
    inp = keras.Input((6, 32, 32, 1), batch_size=1, name="radar")
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(inp))
    x = L.BatchNormalization()(L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(x))
    x = L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(x)
    _export(keras.Model(inp, L.Conv3D(1, 3, padding="same", activation="sigmoid", name="forecast")(x)), out, fixed=True)


@model("s49_convgru_while_loop_none_time_module", "tf-module", "hand-written ConvGRU encoder-forecaster (TrajGRU-paper baseline) in a tf.Module: radar float [1,None,32,32,1] with a None number of past frames; stride-2 Conv2D frame encoder, ConvGRU cell from tf.nn.conv2d on raw tf.Variables iterated by a tf.range loop (autograph -> tf.while_loop) over tf.shape time, then 4 forecast steps unrolled with a tf.TensorArray, Conv2DTranspose-style tf.nn.conv2d_transpose decoder to [1,4,32,32,1]; signatures serving_default and encode -> hidden state [1,16,16,32]")
def b_convgru(out):
    F = 32
    w = {"enc": _kvar((3, 3, 1, 16), 1, name="enc"), "x_zr": _kvar((3, 3, 16, 2 * F), 2, 0.05, "x_zr"),
         "h_zr": _kvar((3, 3, F, 2 * F), 3, 0.05, "h_zr"), "x_n": _kvar((3, 3, 16, F), 4, 0.05, "x_n"),
         "h_n": _kvar((3, 3, F, F), 5, 0.05, "h_n"), "dec": _kvar((4, 4, 1, F), 6, 0.05, "dec")}

    def cell(x, h):
        z, r = tf.split(tf.sigmoid(tf.nn.conv2d(x, w["x_zr"], 1, "SAME") + tf.nn.conv2d(h, w["h_zr"], 1, "SAME")), 2, -1)
        n = tf.tanh(tf.nn.conv2d(x, w["x_n"], 1, "SAME") + tf.nn.conv2d(r * h, w["h_n"], 1, "SAME"))
        return (1.0 - z) * n + z * h

    def encode_frames(radar):
        h = tf.zeros([1, 16, 16, F])
        for t in tf.range(tf.shape(radar)[1]):
            x = tf.nn.relu(tf.nn.conv2d(radar[:, t], w["enc"], 2, "SAME"))
            h = cell(x, h)
        return h
    spec = [tensor_spec([1, None, 32, 32, 1], name="radar")]

    @tf.function(input_signature=spec)
    def serve(radar):
        h = encode_frames(radar)
        preds = tf.TensorArray(tf.float32, size=4)
        x = tf.zeros([1, 16, 16, 16])
        for k in range(4):
            h = cell(x, h)
            preds = preds.write(k, tf.nn.relu(tf.nn.conv2d_transpose(h, w["dec"], [1, 32, 32, 1], 2, "SAME")))
        return {"forecast": tf.transpose(preds.stack(), [1, 0, 2, 3, 4])[:, :, :, :, :]}

    @tf.function(input_signature=spec)
    def encode(radar):
        return {"hidden": encode_frames(radar)}
    _save(out, {"weights": list(w.values())}, serving_default=serve, encode=encode)


FEEDS["s49_convgru_while_loop_none_time_module"] = lambda rng: {"radar": rng.random((1, 5, 32, 32, 1))}


@model("s49_convlstm_encoder_forecaster_frozen_v2", "frozen-pb", "ConvLSTM encoder-forecaster frozen for a weather-service runtime: Keras ConvLSTM2D(16) encoder returning its final state over 4 past frames, a tf.function repeating the last hidden state 4 times (tf.tile over time) into a ConvLSTM2D(16, return_sequences) decoder initialised with the encoder states, TimeDistributed Conv2D 1 relu; frozen with convert_variables_to_constants_v2: radar float [1,4,24,24,1] -> forecast [1,4,24,24,1]")
def b_convlstm_frozen(out):
    enc_in = keras.Input((4, 24, 24, 1))
    _, h, c = L.ConvLSTM2D(16, 3, padding="same", return_state=True)(enc_in)
    encoder = keras.Model(enc_in, [h, c])
    dec_in, h_in, c_in = keras.Input((4, 24, 24, 16)), keras.Input((24, 24, 16)), keras.Input((24, 24, 16))
    y = L.ConvLSTM2D(16, 3, padding="same", return_sequences=True)(dec_in, initial_state=[h_in, c_in])
    decoder = keras.Model([dec_in, h_in, c_in], L.TimeDistributed(L.Conv2D(1, 1, activation="relu"))(y))

    def fn(radar):
        h, c = encoder(radar, training=False)
        return decoder([tf.tile(h[:, None], [1, 4, 1, 1, 1]), h, c], training=False)
    _freeze(fn, [tensor_spec([1, 4, 24, 24, 1], name="radar")], out)


# the lowered ConvLSTM while loops leave loop-internal sink nodes that cannot be fetched: fetch the function output
OUTPUTS["s49_convlstm_encoder_forecaster_frozen_v2"] = ["Identity"]


# ================================================================================ video enhancement

@model("s49_frame_interp_flow_warp_gather_nd_module", "tf-module", "video frame interpolation (DAIN / RIFE-lite style) in a tf.Module: frame0 / frame1 float [1,32,32,3] and t float [] (time of the new frame); Keras flow estimator (Conv2D encoder, UpSampling2D decoder) on the concatenated frames -> bidirectional flows + fusion mask, flows scaled by t / (1 - t), both frames backward-warped by a bilinear sampler written with tf.gather_nd on (batch, y, x) indices, mask blending; signatures serving_default -> interpolated frame and flow -> flow_01 / flow_10")
def b_interp(out):
    inp = keras.Input((32, 32, 6))
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(inp)
    x = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x)
    x = L.Conv2D(16, 3, padding="same", activation="relu")(L.UpSampling2D(interpolation="bilinear")(x))
    x = L.Conv2D(16, 3, padding="same", activation="relu")(L.UpSampling2D(interpolation="bilinear")(x))
    net = keras.Model(inp, L.Conv2D(5, 3, padding="same")(x))
    f_spec = [tensor_spec([1, 32, 32, 3], name="frame0"), tensor_spec([1, 32, 32, 3], name="frame1")]

    def flows(frame0, frame1):
        o = net(tf.concat([frame0, frame1], -1), training=False)
        return o[..., 0:2] * 4.0, o[..., 2:4] * 4.0, tf.sigmoid(o[..., 4:5])

    @tf.function(input_signature=f_spec + [tensor_spec([], name="t")])
    def serve(frame0, frame1, t):
        f01, f10, mask = flows(frame0, frame1)
        w0 = _bilinear_warp_gather_nd(frame0, -t * f01)
        w1 = _bilinear_warp_gather_nd(frame1, -(1.0 - t) * f10)
        return {"interpolated": tf.clip_by_value(mask * w0 + (1.0 - mask) * w1, 0.0, 1.0)}

    @tf.function(input_signature=f_spec)
    def flow(frame0, frame1):
        f01, f10, _ = flows(frame0, frame1)
        return {"flow_01": f01, "flow_10": f10}
    _save(out, {"net": net}, serving_default=serve, flow=flow)


FEEDS["s49_frame_interp_flow_warp_gather_nd_module"] = {"t": 0.5}


@model("s49_superslomo_lite_gather_warp_keras", "keras-export", "Super-SloMo-lite (Jiang et al.) middle-frame synthesis as one Keras model: frame0 / frame1 float [None,32,32,3]; a small U-Net (Conv2D + AveragePooling2D down, UpSampling2D bilinear up, skips) predicts F_0->1 and F_1->0, intermediate flows at t=0.5 by the quadratic approximation, a custom BilinearWarp layer (tf.gather batch_dims=1 on flattened pixels) warps both frames, a second small net predicts visibility maps (sigmoid) for the weighted blend -> middle_frame [None,32,32,3]; model.export (None batch)")
def b_superslomo(out):
    _, BilinearWarp = _layers()

    def unet(x, cout):
        e1 = L.Conv2D(16, 3, padding="same", activation="leaky_relu")(x)
        e2 = L.Conv2D(32, 3, padding="same", activation="leaky_relu")(L.AveragePooling2D(2)(e1))
        b = L.Conv2D(32, 3, padding="same", activation="leaky_relu")(L.AveragePooling2D(2)(e2))
        d2 = L.Conv2D(32, 3, padding="same", activation="leaky_relu")(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(b), e2]))
        d1 = L.Conv2D(16, 3, padding="same", activation="leaky_relu")(L.Concatenate()([L.UpSampling2D(interpolation="bilinear")(d2), e1]))
        return L.Conv2D(cout, 3, padding="same")(d1)
    f0, f1 = keras.Input((32, 32, 3), name="frame0"), keras.Input((32, 32, 3), name="frame1")
    flows = unet(L.Concatenate()([f0, f1]), 4)
    f01 = L.Lambda(lambda t: t[..., :2], output_shape=(32, 32, 2))(flows)
    f10 = L.Lambda(lambda t: t[..., 2:], output_shape=(32, 32, 2))(flows)
    ft0 = L.Lambda(lambda t: -0.25 * t[0] + 0.25 * t[1], output_shape=(32, 32, 2))([f01, f10])
    ft1 = L.Lambda(lambda t: 0.25 * t[0] - 0.25 * t[1], output_shape=(32, 32, 2))([f01, f10])
    g0, g1 = BilinearWarp()(f0, ft0), BilinearWarp()(f1, ft1)
    vis = L.Activation("sigmoid")(unet(L.Concatenate()([f0, f1, g0, g1, ft0, ft1]), 1))
    mid = L.Lambda(lambda t: (0.5 * t[2] * t[0] + 0.5 * (1.0 - t[2]) * t[1]) / (0.5 * t[2] + 0.5 * (1.0 - t[2]) + 1e-8),
                   output_shape=(32, 32, 3), name="middle_frame")([g0, g1, vis])
    _export(keras.Model([f0, f1], mid), out)


@model("s49_vsr_multiframe_depth_to_space_keras", "keras-export", "multi-frame video super-resolution (VESPCN / DUF-lite early fusion): lr_frames float [1,5,16,16,3]; Lambda stacking the 5 frames along channels (transpose + reshape), Conv2D 64 / residual blocks of Conv2D 32, Conv2D 48 + tf.nn.depth_to_space(4) pixel shuffle, plus tf.image.resize bilinear x4 of the centre frame (Lambda) as the residual base -> hr_frame [1,64,64,3]; model.export fixed batch 1")
def b_vsr(out):
    inp = keras.Input((5, 16, 16, 3), batch_size=1, name="lr_frames")
    stacked = L.Lambda(lambda t: tf.reshape(tf.transpose(t, [0, 2, 3, 1, 4]), [-1, 16, 16, 15]), output_shape=(16, 16, 15))(inp)
    x = L.Conv2D(32, 3, padding="same", activation="relu")(stacked)
    for _ in range(3):
        x = L.Add()([x, L.Conv2D(32, 3, padding="same")(L.Conv2D(32, 3, padding="same", activation="relu")(x))])
    res = L.Lambda(lambda t: tf.nn.depth_to_space(t, 4), output_shape=(64, 64, 3))(L.Conv2D(48, 3, padding="same")(x))
    base = L.Lambda(lambda t: tf.image.resize(t[:, 2], [64, 64], method="bilinear"), output_shape=(64, 64, 3))(inp)
    _export(keras.Model(inp, L.Add(name="hr_frame")([base, res])), out, fixed=True)


@model("s49_frvsr_recurrent_step_space_to_depth_module", "tf-module", "FRVSR-style recurrent video super-resolution (Sajjadi et al.) exported as a per-frame step: signature step(lr_frame [1,16,16,3], prev_lr [1,16,16,3], prev_hr [1,64,64,3]) -> Keras flow net on the two LR frames, flow upscaled x4 with tf.image.resize, previous HR estimate warped by the tf.gather_nd bilinear sampler, tf.nn.space_to_depth(4) of it concatenated with the LR frame into a Keras SR net, tf.nn.depth_to_space(4) -> hr_frame and the flow; signature initial_state(batch_size int32 []) -> zero prev_hr / prev_lr")
def b_frvsr(out):
    fin = keras.Input((16, 16, 6))
    x = L.Conv2D(16, 3, padding="same", activation="leaky_relu")(fin)
    x = L.Conv2D(32, 3, strides=2, padding="same", activation="leaky_relu")(x)
    x = L.Conv2D(16, 3, padding="same", activation="leaky_relu")(L.UpSampling2D(interpolation="bilinear")(x))
    flownet = keras.Model(fin, L.Conv2D(2, 3, padding="same", activation="tanh")(x))
    sin = keras.Input((16, 16, 51))
    y = L.Conv2D(32, 3, padding="same", activation="relu")(sin)
    for _ in range(2):
        y = L.Add()([y, L.Conv2D(32, 3, padding="same")(L.Conv2D(32, 3, padding="same", activation="relu")(y))])
    srnet = keras.Model(sin, L.Conv2D(48, 3, padding="same")(y))

    @tf.function(input_signature=[tensor_spec([1, 16, 16, 3], name="lr_frame"), tensor_spec([1, 16, 16, 3], name="prev_lr"),
                                  tensor_spec([1, 64, 64, 3], name="prev_hr")])
    def step(lr_frame, prev_lr, prev_hr):
        flow = flownet(tf.concat([lr_frame, prev_lr], -1), training=False) * 8.0
        hr_flow = tf.image.resize(flow, [64, 64]) * 4.0
        warped = _bilinear_warp_gather_nd(prev_hr, hr_flow)
        feats = tf.concat([lr_frame, tf.nn.space_to_depth(warped, 4)], -1)
        hr = tf.nn.depth_to_space(srnet(feats, training=False), 4) + tf.image.resize(lr_frame, [64, 64], method="bicubic")
        return {"hr_frame": hr, "flow": flow}

    @tf.function(input_signature=[tensor_spec([], "int32", "batch_size")])
    def initial_state(batch_size):
        return {"prev_hr": tf.zeros(tf.stack([batch_size, 64, 64, 3])), "prev_lr": tf.zeros(tf.stack([batch_size, 16, 16, 3]))}
    _save(out, {"flownet": flownet, "srnet": srnet}, serving_default=step, initial_state=initial_state)


FEEDS["s49_frvsr_recurrent_step_space_to_depth_module"] = {"batch_size": 1}


@model("s49_fastdvdnet_lite_two_stage_keras", "keras-export", "FastDVDnet-lite video denoiser (Tassano et al.): noisy_frames float [None,5,32,32,3] and noise_map [None,32,32,1]; a shared first-stage denoising U-Net (stride-2 Conv2D down, Conv2D + depth_to_space(2) pixel-shuffle up, residual on the centre frame) applied to the three overlapping frame triplets (Lambda slices + Concatenate with the noise map), a second-stage U-Net on the three outputs -> denoised centre frame [None,32,32,3]; model.export (None batch)")
def b_fastdvd(out):
    def make_stage(name):
        i = keras.Input((32, 32, 10))
        e1 = L.Conv2D(16, 3, padding="same", activation="relu")(i)
        e2 = L.Conv2D(32, 3, strides=2, padding="same", activation="relu")(e1)
        b = L.Conv2D(64, 3, strides=2, padding="same", activation="relu")(e2)
        u2 = L.Lambda(lambda t: tf.nn.depth_to_space(t, 2), output_shape=(16, 16, 32))(L.Conv2D(128, 3, padding="same")(b))
        u2 = L.Conv2D(32, 3, padding="same", activation="relu")(L.Add()([u2, e2]))
        u1 = L.Lambda(lambda t: tf.nn.depth_to_space(t, 2), output_shape=(32, 32, 16))(L.Conv2D(64, 3, padding="same")(u2))
        y = L.Conv2D(3, 3, padding="same")(L.Conv2D(16, 3, padding="same", activation="relu")(L.Add()([u1, e1])))
        centre = L.Lambda(lambda t: t[..., 3:6], output_shape=(32, 32, 3))(i)
        return keras.Model(i, L.Subtract()([centre, y]), name=name)
    frames, nmap = keras.Input((5, 32, 32, 3), name="noisy_frames"), keras.Input((32, 32, 1), name="noise_map")
    stage1, stage2 = make_stage("denoise_block1"), make_stage("denoise_block2")

    def triplet(k):
        return L.Lambda(lambda t: tf.concat([t[:, k], t[:, k + 1], t[:, k + 2]], -1), output_shape=(32, 32, 9))(frames)
    mid = [stage1(L.Concatenate()([triplet(k), nmap])) for k in range(3)]
    _export(keras.Model([frames, nmap], L.Activation("linear", name="denoised")(stage2(L.Concatenate()(mid + [nmap])))), out)


FEEDS["s49_fastdvdnet_lite_two_stage_keras"] = {"noise_map": 0.1}


@model("s49_tf1_vespcn_early_fusion_frozen", "frozen-pb", "TF1-era VESPCN-style video super-resolution (tf.compat.v1 placeholder lr_frames float [1,3,16,16,3], frames unstacked and concatenated on channels, get_variable tf.nn.conv2d layers, tf.nn.depth_to_space(4) sub-pixel output added to tf.compat.v1.image.resize_bilinear(align_corners=True) of the centre frame), frozen with graph_util.convert_variables_to_constants -> hr_frame [1,64,64,3]")
def b_tf1_vespcn(out):
    def build():
        v1 = tf.compat.v1
        lr = v1.placeholder(tf.float32, [1, 3, 16, 16, 3], name="lr_frames")
        x = tf.concat(tf.unstack(lr, axis=1), axis=-1)
        for i, f in enumerate((32, 32, 32)):
            x = _v1_conv(x, f"conv{i}", f, dims=2)
        res = tf.nn.depth_to_space(_v1_conv(x, "subpixel", 48, act=None, dims=2), 4)
        base = v1.image.resize_bilinear(lr[:, 1], [64, 64], align_corners=True)
        return [tf.clip_by_value(base + res, 0.0, 1.0, name="hr_frame")]
    _v1_freeze(out, build)


OUTPUTS["s49_tf1_vespcn_early_fusion_frozen"] = ["hr_frame"]


# ================================================================================ 3D sensing

@model("s49_pointpillars_lite_scatter_nd_bev_keras", "keras-export", "PointPillars-lite (Lang et al.) as the Keras re-implementations export it: pillars float [1,64,8,9] (64 non-empty pillars x 8 points x 9 decorated features) and pillar_coords int32 [1,64,2] (BEV row / col); pillar feature net Dense 32 + BatchNorm + ReLU, max over points, a Lambda tf.scatter_nd of the pillar features into a [1,32,32,32] BEV canvas, 2D backbone (Conv2D strides 1 / 2, Conv2DTranspose back, Concatenate), SSD heads -> box_cls [1,32,32,2] sigmoid, box_reg [1,32,32,14] (2 anchors x 7); model.export fixed batch 1")
def b_pillars(out):
    pillars = keras.Input((64, 8, 9), batch_size=1, name="pillars")
    coords = keras.Input((64, 2), batch_size=1, dtype="int32", name="pillar_coords")
    x = L.ReLU()(L.BatchNormalization()(L.Dense(32, use_bias=False)(pillars)))
    x = L.Lambda(lambda t: tf.reduce_max(t, axis=2), output_shape=(64, 32))(x)

    def scatter(t):
        feats, c = t
        idx = tf.concat([tf.zeros_like(c[..., :1]), c], axis=-1)
        return tf.scatter_nd(idx, feats, [1, 32, 32, 32])
    canvas = L.Lambda(scatter, output_shape=(32, 32, 32), name="bev_canvas")([x, coords])
    b1 = L.Conv2D(32, 3, padding="same", activation="relu")(canvas)
    b2 = L.Conv2D(64, 3, strides=2, padding="same", activation="relu")(b1)
    up = L.Conv2DTranspose(32, 2, strides=2, activation="relu")(b2)
    feat = L.Concatenate()([b1, up])
    _export(keras.Model([pillars, coords], {"box_cls": L.Conv2D(2, 1, activation="sigmoid", name="box_cls")(feat),
                                            "box_reg": L.Conv2D(14, 1, name="box_reg")(feat)}), out, fixed=True)


FEEDS["s49_pointpillars_lite_scatter_nd_bev_keras"] = lambda rng: {
    "pillar_coords": np.stack(np.unravel_index(rng.choice(32 * 32, 64, replace=False), (32, 32)), -1)[None]}


@model("s49_voxelnet_dynamic_voxelize_segment_sum_module", "tf-module", "dynamic voxelization detector head (VoxelNet / SECOND-lite) in a tf.Module: points float [None,4] (x, y, z, intensity) of any count; in-graph voxelization: range filter by tf.boolean_mask, floor to voxel coords, linear voxel ids, tf.math.unsorted_segment_sum of point features and counts over 8x32x32 voxels -> mean features reshaped to a dense [1,8,32,32,4] grid; Keras middle Conv3D layers (stride 2 in z), reshape z into channels, 2D BEV head -> heatmap [1,32,32,3]; signatures serving_default and voxelize -> the dense grid and occupancy count")
def b_voxelnet(out):
    inp = keras.Input((8, 32, 32, 4))
    x = _cbr3d(_cbr3d(inp, 16), 16, s=(2, 1, 1))
    x = _cbr3d(x, 32, s=(2, 1, 1))
    x = L.Reshape((32, 32, 64))(L.Permute((2, 3, 1, 4))(x))
    x = L.Conv2D(64, 3, padding="same", activation="relu")(x)
    net = keras.Model(inp, L.Conv2D(3, 1, activation="sigmoid")(x))
    lo, size = tf.constant([0.0, -16.0, -2.0]), tf.constant([1.0, 1.0, 0.5])

    def voxelize(points):
        xyz = points[:, :3]
        keep = tf.reduce_all((xyz >= lo) & (xyz < lo + size * [32.0, 32.0, 8.0]), axis=-1)
        p = tf.boolean_mask(points, keep)
        v = tf.cast(tf.floor((p[:, :3] - lo) / size), tf.int32)
        ids = v[:, 2] * 1024 + v[:, 1] * 32 + v[:, 0]
        sums = tf.math.unsorted_segment_sum(p, ids, 8 * 32 * 32)
        counts = tf.math.unsorted_segment_sum(tf.ones_like(p[:, :1]), ids, 8 * 32 * 32)
        grid = tf.reshape(sums / tf.maximum(counts, 1.0), [1, 8, 32, 32, 4])
        return grid, tf.reshape(counts, [1, 8, 32, 32])
    spec = [tensor_spec([None, 4], name="points")]

    @tf.function(input_signature=spec)
    def serve(points):
        grid, _ = voxelize(points)
        return {"heatmap": net(grid, training=False)}

    @tf.function(input_signature=spec)
    def voxelize_sig(points):
        grid, counts = voxelize(points)
        return {"voxel_grid": grid, "occupancy": counts}
    _save(out, {"net": net}, serving_default=serve, voxelize=voxelize_sig)


FEEDS["s49_voxelnet_dynamic_voxelize_segment_sum_module"] = lambda rng: {
    "points": np.concatenate([rng.uniform([-2, -20, -3], [36, 20, 3], (600, 3)), rng.random((600, 1))], -1)}


@model("s49_videopose3d_dilated_temporal_conv1d_keras", "keras-export", "VideoPose3D (Pavllo et al.) temporal 2D->3D pose lifting, 27-frame receptive field: keypoints_2d float [1,27,17,2]; Reshape to [27,34], Conv1D 64 kernel 3 valid, residual blocks of dilated Conv1D (dilation 3 then 9, valid) + BatchNorm + Dropout with the skip sliced to the shrinking length (Lambda), 1x1 Conv1D to 51, Reshape -> pose_3d [1,1,17,3]; model.export fixed batch 1")
def b_videopose(out):
    inp = keras.Input((27, 17, 2), batch_size=1, name="keypoints_2d")
    x = L.Reshape((27, 34))(inp)
    x = L.Dropout(0.25)(L.ReLU()(L.BatchNormalization()(L.Conv1D(64, 3, use_bias=False)(x))))
    for d in (3, 9):
        pad = d
        y = L.Dropout(0.25)(L.ReLU()(L.BatchNormalization()(L.Conv1D(64, 3, dilation_rate=d, use_bias=False)(x))))
        y = L.ReLU()(L.BatchNormalization()(L.Conv1D(64, 1, use_bias=False)(y)))
        n = x.shape[1] - 2 * pad
        x = L.Add()([L.Lambda(lambda t, p=pad, n=n: t[:, p:p + n], output_shape=(n, 64))(x), y])
    _export(keras.Model(inp, L.Reshape((1, 17, 3), name="pose_3d")(L.Conv1D(51, 1)(x))), out, fixed=True)


@model("s49_martinez_lifting_mlp_sequence_module", "tf-module", "Martinez et al. simple-baseline 3D pose lifter in a tf.Module: signature serving_default(keypoints_2d float [None,16,2]) -> root-relative normalisation with constant mean / std, Keras residual MLP (Dense 128 + BatchNorm + ReLU + Dropout, two residual blocks), pose_3d [None,16,3] with the root joint zeroed; signature lift_sequence(track float [1,None,16,2]) -> frames lifted as a batch then temporally smoothed by tf.nn.avg_pool1d (window 3, SAME) -> poses [1,None,16,3]")
def b_martinez(out):
    inp = keras.Input((32,))
    x = L.Dropout(0.5)(L.ReLU()(L.BatchNormalization()(L.Dense(128)(inp))))
    for _ in range(2):
        y = L.Dropout(0.5)(L.ReLU()(L.BatchNormalization()(L.Dense(128)(x))))
        x = L.Add()([x, L.Dropout(0.5)(L.ReLU()(L.BatchNormalization()(L.Dense(128)(y))))])
    net = keras.Model(inp, L.Dense(48)(x))
    rng = np.random.default_rng(7)
    mean2d, std2d = tf.constant(rng.normal(0, 0.1, (16, 2)).astype("float32")), tf.constant(rng.uniform(0.2, 0.5, (16, 2)).astype("float32"))

    def lift(kp):
        kp = (kp - kp[:, :1] - mean2d) / std2d
        pose = tf.reshape(net(tf.reshape(kp, [-1, 32]), training=False), [-1, 16, 3])
        return pose - pose[:, :1]

    @tf.function(input_signature=[tensor_spec([None, 16, 2], name="keypoints_2d")])
    def serve(keypoints_2d):
        return {"pose_3d": lift(keypoints_2d)}

    @tf.function(input_signature=[tensor_spec([1, None, 16, 2], name="track")])
    def lift_sequence(track):
        poses = tf.reshape(lift(track[0]), [1, -1, 48])
        smooth = tf.nn.avg_pool1d(poses, 3, 1, "SAME")
        return {"poses": tf.reshape(smooth, [1, -1, 16, 3])}
    _save(out, {"net": net}, serving_default=serve, lift_sequence=lift_sequence)


FEEDS["s49_martinez_lifting_mlp_sequence_module"] = lambda rng: {"track": rng.random((1, 12, 16, 2))}


@model("s49_psmnet_lite_concat_cost_volume_softargmin_module", "tf-module", "PSMNet-lite stereo depth in a tf.Module: left / right float [1,32,64,3]; shared Keras feature CNN at 1/2 resolution (Conv2D stride 2, residual Conv2D) -> concatenation cost volume built by shifting the right features with tf.pad + slicing for 12 disparities and tf.stack -> [1,12,16,32,32]; Keras 3D aggregation (Conv3D + BatchNorm, stride-2 Conv3D, Conv3DTranspose, residual) to one channel, softmax over disparities, soft-argmin expectation, tf.image.resize to full resolution x2 -> disparity [1,32,64,1]; signature depth(disparity, focal_px [], baseline_m []) -> focal * baseline / disparity")
def b_psmnet(out):
    D = 12
    fin = keras.Input((32, 64, 3))
    f = L.Conv2D(16, 3, strides=2, padding="same", activation="relu")(fin)
    f = L.Add()([f, L.Conv2D(16, 3, padding="same")(L.Conv2D(16, 3, padding="same", activation="relu")(f))])
    feat = keras.Model(fin, L.Conv2D(16, 3, padding="same")(f))
    cin = keras.Input((D, 16, 32, 32))
    c = _cbr3d(_cbr3d(cin, 16), 16)
    c2 = _cbr3d(c, 32, s=2)
    c = L.Add()([c, L.Conv3DTranspose(16, 3, strides=2, padding="same")(c2)])
    agg = keras.Model(cin, L.Conv3D(1, 3, padding="same")(_cbr3d(c, 16)))

    @tf.function(input_signature=[tensor_spec([1, 32, 64, 3], name="left"), tensor_spec([1, 32, 64, 3], name="right")])
    def serve(left, right):
        fl, fr = feat(left, training=False), feat(right, training=False)
        vol = [tf.concat([fl, tf.pad(fr[:, :, :32 - d], [[0, 0], [0, 0], [d, 0], [0, 0]])], -1) for d in range(D)]
        cost = agg(tf.stack(vol, axis=1), training=False)[..., 0]
        prob = tf.nn.softmax(-cost, axis=1)
        disp = tf.reduce_sum(prob * tf.reshape(tf.range(D, dtype=tf.float32), [1, D, 1, 1]), axis=1)[..., None]
        return {"disparity": tf.image.resize(disp, [32, 64]) * 2.0}

    @tf.function(input_signature=[tensor_spec([1, 32, 64, 1], name="disparity"), tensor_spec([], name="focal_px"),
                                  tensor_spec([], name="baseline_m")])
    def depth(disparity, focal_px, baseline_m):
        return {"depth": focal_px * baseline_m / tf.maximum(disparity, 1e-3)}
    _save(out, {"feature": feat, "aggregation": agg}, serving_default=serve, depth=depth)


FEEDS["s49_psmnet_lite_concat_cost_volume_softargmin_module"] = {"focal_px": 60.0, "baseline_m": 0.12}


@model("s49_gcnet_lite_difference_cost_volume_frozen_v2", "frozen-pb", "GC-Net-lite (Kendall et al.) stereo as a TF2 function over Keras layers frozen with convert_variables_to_constants_v2: left / right float [1,32,48,1] grayscale; shared Conv2D features at 1/2 resolution, an absolute-difference cost volume over 8 disparities (shifted right features by slice + zero concat, tf.stack) -> [1,8,16,24,16], Conv3D encoder with a stride-2 level and a Conv3DTranspose decoder with skip add, soft-argmin over disparity -> disparity [1,16,24]")
def b_gcnet(out):
    D = 8
    fin = keras.Input((32, 48, 1))
    feat = keras.Model(fin, L.Conv2D(16, 3, padding="same")(L.Conv2D(16, 5, strides=2, padding="same", activation="relu")(fin)))
    cin = keras.Input((D, 16, 24, 16))
    c1 = _cbr3d(cin, 16)
    c2 = _cbr3d(_cbr3d(c1, 32, s=2), 32)
    up = L.Conv3DTranspose(16, 3, strides=2, padding="same")(c2)
    agg = keras.Model(cin, L.Conv3D(1, 3, padding="same")(L.Add()([up, c1])))

    def fn(left, right):
        fl, fr = feat(left, training=False), feat(right, training=False)
        vol = []
        for d in range(D):
            shifted = tf.concat([tf.zeros_like(fr[:, :, :d]), fr[:, :, :24 - d]], axis=2) if d else fr
            vol.append(tf.abs(fl - shifted))
        cost = agg(tf.stack(vol, axis=1), training=False)[..., 0]
        return tf.reduce_sum(tf.nn.softmax(-cost, axis=1) * tf.reshape(tf.range(D, dtype=tf.float32), [1, D, 1, 1]), axis=1)
    _freeze(fn, [tensor_spec([1, 32, 48, 1], name="left"), tensor_spec([1, 32, 48, 1], name="right")], out)


# ============================================================================ driver

def _setup():
    global tf, keras, np, L
    import keras as k
    import numpy
    import tensorflow
    tf, keras, np, L = tensorflow, k, numpy, k.layers


if __name__ == "__main__":
    sys.exit(CORPUS.main(__doc__, setup=_setup, check=CORPUS.runner(FEEDS, OUTPUTS)))
