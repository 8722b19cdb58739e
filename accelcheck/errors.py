"""Errors that mean "accelcheck could not do its job" (exit code 2).

Each carries a one-line message meant for the user; the CLI prints it and never a traceback.
"""


class AccelcheckError(Exception):
    """A user-facing failure: bad input, bad config, unknown target."""

    exit_code = 2


class LoadError(AccelcheckError):
    """The model path could not be read as a TensorFlow graph."""

    def __init__(self, path, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class ForeignFormat(LoadError):
    """A model file of another kind (TFLite flatbuffer, Keras file), refused by design."""


class ConfigError(AccelcheckError):
    """A configuration file or a command-line option is invalid."""
