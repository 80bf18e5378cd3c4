# snippet: raises=RuntimeError
"""Zeroing the padding row writes through a view of the embedding's weight, a leaf that requires grad."""
from torch import nn

emb = nn.Embedding(4, 3)
emb.weight[0] = 0.0               # emb.weight[0] is a view of the parameter
