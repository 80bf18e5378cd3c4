# snippet: raises=RuntimeError
"""A GAN step that reuses the generator's output: the discriminator's backward frees G's graph."""
import torch
from torch import nn

torch.manual_seed(0)
G, D = nn.Linear(2, 2), nn.Linear(2, 1)
z = torch.randn(4, 2)

# --8<-- [start:fixed]
fake = G(z)
d_loss = D(fake.detach()).mean()        # D's step: G's graph is cut off, left untouched
d_loss.backward()
print("with detach: G.weight.grad after D's backward =", G.weight.grad)
g_loss = -D(fake).mean()                # G's step runs through G's graph for the first time
g_loss.backward()
print("with detach: G's backward ok, G.weight.grad is set:", G.weight.grad is not None)
# --8<-- [end:fixed]
assert G.weight.grad is not None

# --8<-- [start:broken]
fake = G(z)
d_loss = D(fake).mean()                 # no detach: D's backward runs on into G's graph ...
d_loss.backward()                       # ... and frees what G's nodes saved
g_loss = -D(fake).mean()
g_loss.backward()                       # needs G's saved tensors again
# --8<-- [end:broken]
