"""Reference outputs of musicnn's own TensorFlow graph, for the fixture that checks the ONNX rewrite.

Not part of the product (nothing at run time needs TensorFlow). Run it once in a throwaway virtualenv:

    python3 -m venv /tmp/musicnn-ref
    /tmp/musicnn-ref/bin/pip install tensorflow-cpu tf_keras librosa
    /tmp/musicnn-ref/bin/pip install --no-deps musicnn==0.1.0
    npx tsx packages/audio/src/models/reference/makeFixture.ts /tmp/musicnn-ref/bin/python

makeFixture.ts renders the clips at 16 kHz, writes them as raw float32 files and calls this script with
a JSON job on stdin: {"clips": [{"path": ..., "starts": [...]}], "melFrames": [first, count]}. It prints
per clip the mean MSD and MTT probabilities over the patches starting at `starts`, and the log-mel frames
`first … first + count − 1`. The log-mel is musicnn's (librosa melspectrogram at 16 kHz, n_fft 512, hop 256,
96 bands, then log10(10000·x + 1)), computed in float32: musicnn's extractor casts the mel to float16 first,
which under numpy ≥ 2 overflows in 10000·x (numpy < 1.17, which musicnn pins, promoted to float32), so the
float16 step is left out; the difference is below 1e-3.
"""
import json
import os
import sys

os.environ.setdefault('TF_USE_LEGACY_KERAS', '1')
os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')

import librosa  # noqa: E402
import musicnn  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from musicnn import models  # noqa: E402

tf.compat.v1.disable_eager_execution()
PATCH = 187


def log_mel(y):
    mel = librosa.feature.melspectrogram(y=y, sr=16000, hop_length=256, n_fft=512, n_mels=96).T
    return np.log10(10000 * mel.astype(np.float32) + 1)


def tagger(model):
    graph = tf.Graph()
    with graph.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, PATCH, 96])
        training = tf.compat.v1.placeholder(tf.bool)
        probabilities = tf.nn.sigmoid(models.define_model(x, training, model, 50)[0])
        session = tf.compat.v1.Session(graph=graph)
        tf.compat.v1.train.Saver().restore(session, os.path.dirname(musicnn.__file__) + '/' + model + '/')
    return lambda patches: session.run(probabilities, feed_dict={x: patches, training: False})


def main():
    job = json.load(sys.stdin)
    msd, mtt = tagger('MSD_musicnn'), tagger('MTT_musicnn')
    first, count = job['melFrames']
    out = []
    for clip in job['clips']:
        y = np.fromfile(clip['path'], dtype=np.float32)
        rep = log_mel(y)
        patches = np.stack([rep[s:s + PATCH] for s in clip['starts']])
        out.append({
            'msd': [round(float(v), 6) for v in msd(patches).mean(0)],
            'mtt': [round(float(v), 6) for v in mtt(patches).mean(0)],
            'logMel': [round(float(v), 6) for v in rep[first:first + count].reshape(-1)],
        })
    json.dump(out, sys.stdout)


main()
