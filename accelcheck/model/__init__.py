"""Reading models: loader (path -> Model) and the Model graph rules work on."""

from .graph import Model
from .records import Signature, TensorSpec, Variable
from .node import Node, NodeKey
from .loader import DEFAULT_TAGS, load

__all__ = ["DEFAULT_TAGS", "Model", "Node", "NodeKey", "Signature", "TensorSpec", "Variable", "load"]
