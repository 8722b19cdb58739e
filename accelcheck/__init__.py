"""accelcheck: know before you ship whether a TensorFlow model runs on its accelerator."""

__version__ = "0.1.0"
